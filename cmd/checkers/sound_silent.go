//go:build (!cgo && !js) || ci

package main

import "github.com/checkerstutor/checkers/widgets"

// newSoundPlayer is silent in desktop builds without cgo (the software
// driver of -tags ci): audio output needs ALSA through cgo. The browser
// build plays through WebAudio (sound.go).
func newSoundPlayer() widgets.SoundPlayer { return nil }
