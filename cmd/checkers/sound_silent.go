//go:build !cgo || ci

package main

import "github.com/checkerstutor/checkers/widgets"

// newSoundPlayer is silent in builds without cgo (the software driver of
// -tags ci): audio output needs ALSA through cgo.
func newSoundPlayer() widgets.SoundPlayer { return nil }
