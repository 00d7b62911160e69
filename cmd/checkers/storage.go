//go:build !js

package main

import (
	"path/filepath"

	"fyne.io/fyne/v2"
)

// progressPath is where the learner's progress is kept: progress.json in
// the app's folder of Fyne's storage.
func progressPath(a fyne.App) string {
	return filepath.Join(a.Storage().RootURI().Path(), "progress.json")
}
