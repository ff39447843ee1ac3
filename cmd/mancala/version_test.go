package main

import (
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

// describeBuild reads the version and commit from the build information, and says
// when it has none.
func TestDescribeBuild(t *testing.T) {
	rev := "5388f00a1b2c3d4e5f60718293a4b5c6d7e8f901"
	for _, c := range []struct {
		name          string
		info          *debug.BuildInfo
		version, want string
	}{
		{"none", nil, "(devel)", "unknown: built without version control information"},
		{"tagged commit", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.0"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: "false"}}},
			"v1.2.0", rev},
		{"changed tree", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20260303082300-5388f00a1b2c+dirty"},
			Settings: []debug.BuildSetting{{Key: "vcs.modified", Value: "true"}, {Key: "vcs.revision", Value: rev}}},
			"v0.0.0-20260303082300-5388f00a1b2c+dirty", rev + " with uncommitted changes"},
		{"go install pkg@version", &debug.BuildInfo{Main: debug.Module{Version: "v1.3.0"}},
			"v1.3.0", "unknown: built without version control information"},
		{"no version control", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}},
			"(devel)", "unknown: built without version control information"},
	} {
		version, commit := describeBuild(c.info)
		if version != c.version || commit != c.want {
			t.Errorf("%s: %q, %q; want %q, %q", c.name, version, commit, c.version, c.want)
		}
	}
}

// A binary built as .ci/release builds it, from a clone of this checkout's HEAD,
// names that commit in mancala version and its version in uci's id name: the one
// the go command stamped in it.
func TestVersionOfABuiltBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: clones the repository and builds the engine")
	}
	git := func(dir string, args ...string) string {
		out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).Output()
		if err != nil {
			t.Skipf("git %s: %v (not a git checkout?)", strings.Join(args, " "), err)
		}
		return strings.TrimSpace(string(out))
	}
	head := git(".", "rev-parse", "HEAD")
	src := filepath.Join(t.TempDir(), "src")
	git(".", "clone", "--quiet", git(".", "rev-parse", "--show-toplevel"), src)
	git(src, "checkout", "--quiet", "--detach", head)
	bin := filepath.Join(t.TempDir(), "mancala")
	build := exec.Command("go", "build", "-trimpath", "-buildvcs=true", "-o", bin, "./cmd/mancala")
	build.Dir = src
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	mod, err := exec.Command("go", "version", "-m", bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	var version string
	for _, line := range strings.Split(string(mod), "\n") {
		if f := strings.Fields(line); len(f) >= 3 && f[0] == "mod" && f[1] == "mancala" {
			version = f[2]
		}
	}
	if !strings.HasPrefix(version, "v") {
		t.Fatalf("the go command stamped version %q", version)
	}
	want := "mancala " + version + " (commit " + head + ")\n"
	if out, err := exec.Command(bin, "version").Output(); err != nil || string(out) != want {
		t.Errorf("mancala version: %q, %v; want %q", out, err, want)
	}
	cmd := exec.Command(bin)
	cmd.Stdin = strings.NewReader("uci\n")
	out, err := cmd.Output()
	if err != nil || !strings.Contains(string(out), "id name mancala "+version+"\n") {
		t.Errorf("uci: %v\n%s\nwant id name mancala %s", err, out, version)
	}
}
