//go:build windows

package tournament

import "golang.org/x/sys/windows"

// stillActive is the exit code GetExitCodeProcess gives a process that has not ended.
const stillActive = 259

// processRuns reports whether the process pid still exists and has not ended.
func processRuns(pid int) bool {
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(pid))
	if err != nil {
		return false
	}
	defer windows.CloseHandle(h)
	var code uint32
	return windows.GetExitCodeProcess(h, &code) == nil && code == stillActive
}
