package main

import (
	"log"
	"path"
	"syscall/js"

	"fyne.io/fyne/v2"
)

// progressPath is where the learner's progress is kept in the browser:
// progress.json under Fyne's storage root ("/fyne/"). The browser has no
// file system of its own; `make web` puts web/localfs.js in front of Go's
// wasm_exec.js, and it keeps the files of Go's os package in the page's
// localStorage, so tutor's progress file works as on the desktop and
// survives a reload. Served without it (or with localStorage disabled),
// the files last only for the visit: the log says so, and without
// localfs.js at all the app shows that the progress cannot be saved.
func progressPath(a fyne.App) string {
	switch storage := js.Global().Get("fs").Get("checkersStorage"); {
	case storage.Type() != js.TypeString:
		log.Print("progress: this page has no file system (web/localfs.js is missing): progress is not saved")
	case storage.String() != "localStorage":
		log.Print("progress: the browser's localStorage is not available: progress is kept only until the page closes")
	}
	return path.Join(a.Storage().RootURI().Path(), "progress.json")
}
