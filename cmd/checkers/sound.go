//go:build (cgo || js) && !ci

package main

import (
	"bytes"
	"log"
	"runtime"
	"sync"

	"github.com/ebitengine/oto/v3"

	"github.com/checkerstutor/checkers/widgets"
)

// otoSounds plays the bundled sounds through the system's audio (ALSA on
// Linux, WebAudio in the browser). The audio device is opened on the first
// sound, in the background, so start-up never waits for it; without a
// device the app stays silent and says so once in the log. In the browser
// the device is opened at start and only starts once the learner first
// clicks, taps or types (browsers allow sound only after that); sounds
// asked for before are dropped rather than played late.
type otoSounds struct {
	once  sync.Once
	ready chan struct{}
	ctx   *oto.Context
	pcm   map[widgets.Sound][]byte

	mu      sync.Mutex
	playing []*oto.Player
}

func newSoundPlayer() widgets.SoundPlayer {
	o := &otoSounds{ready: make(chan struct{})}
	if runtime.GOOS == "js" {
		o.once.Do(func() { go o.open() })
	}
	return o
}

func (o *otoSounds) open() {
	defer close(o.ready)
	o.pcm = map[widgets.Sound][]byte{}
	for _, s := range widgets.Sounds() {
		data, err := widgets.SoundWAV(s)
		if err == nil {
			var pcm widgets.PCM
			if pcm, err = widgets.DecodeWAV(data); err == nil {
				o.pcm[s] = pcm.Data
			}
		}
		if err != nil {
			log.Printf("sound %v: %v", s, err)
		}
	}
	ctx, ready, err := oto.NewContext(&oto.NewContextOptions{SampleRate: widgets.SoundRate, ChannelCount: 1, Format: oto.FormatSignedInt16LE})
	if err != nil {
		log.Printf("sound: no audio output, playing silently: %v", err)
		return
	}
	<-ready
	o.ctx = ctx
}

// Play implements widgets.SoundPlayer; it never blocks.
func (o *otoSounds) Play(s widgets.Sound) {
	o.once.Do(func() { go o.open() })
	go func() {
		if runtime.GOOS == "js" {
			select {
			case <-o.ready:
			default:
				return // not allowed to sound yet
			}
		}
		<-o.ready
		if o.ctx == nil || o.pcm[s] == nil {
			return
		}
		p := o.ctx.NewPlayer(bytes.NewReader(o.pcm[s]))
		p.Play()
		o.mu.Lock()
		// keep players alive until they finish; drop finished ones
		kept := o.playing[:0]
		for _, q := range o.playing {
			if q.IsPlaying() {
				kept = append(kept, q)
			} else {
				q.Close()
			}
		}
		o.playing = append(kept, p)
		o.mu.Unlock()
	}()
}
