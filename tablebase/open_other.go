//go:build !unix

package tablebase

// openFlags are added to O_RDONLY to open a table file: none here. Windows keeps its
// named pipes out of the file system's folders and WASI has none, so only the look
// before opening guards the open (under js/wasm, whose files are the host's through
// Node, a pipe put in place between the look and the open would still be waited on).
const openFlags = 0
