package main

import "runtime/debug"

// describeBuild returns the program's version and the commit it was built from, as
// its build information records them (nil: none). The version is the main module's:
// the tag of the commit built ("v1.2.0"), else a pseudo-version naming the commit
// ("v0.0.0-20260303082300-5388f00abcde", "+dirty" for a tree with uncommitted
// changes); "(devel)" when the build knew none (a test binary, -buildvcs=false).
// The commit is the full hash, "with uncommitted changes" when the tree had some.
func describeBuild(info *debug.BuildInfo) (version, commit string) {
	version, commit = "(devel)", "unknown: built without version control information"
	if info == nil {
		return version, commit
	}
	if info.Main.Version != "" {
		version = info.Main.Version
	}
	var revision, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			revision = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if revision != "" {
		commit = revision
		if modified == "true" {
			commit += " with uncommitted changes"
		}
	}
	return version, commit
}

// buildVersion returns the running program's version and commit (describeBuild).
func buildVersion() (version, commit string) {
	info, _ := debug.ReadBuildInfo()
	return describeBuild(info)
}
