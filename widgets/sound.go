package widgets

import (
	"embed"
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/checkerstutor/checkers/tutor"
)

// SoundRate is the sample rate of the bundled sounds (mono, 16-bit).
const SoundRate = 22050

//go:embed sounds/*.wav
var soundFiles embed.FS

// soundNames are the file names of the bundled sounds, by Sound.
var soundNames = [...]string{
	SoundMove:    "move",
	SoundCapture: "capture",
	SoundCrown:   "crown",
	SoundSuccess: "success",
	SoundMistake: "mistake",
}

// Sounds lists every feedback sound.
func Sounds() []Sound {
	return []Sound{SoundMove, SoundCapture, SoundCrown, SoundSuccess, SoundMistake}
}

// String returns the sound's name ("move", "capture" ...).
func (s Sound) String() string {
	if int(s) < len(soundNames) {
		return soundNames[s]
	}
	return fmt.Sprintf("Sound(%d)", uint8(s))
}

// SoundWAV returns the bundled WAV file of sound s (mono, 16-bit,
// SoundRate samples a second).
func SoundWAV(s Sound) ([]byte, error) {
	if int(s) >= len(soundNames) {
		return nil, fmt.Errorf("no sound %d", s)
	}
	return soundFiles.ReadFile("sounds/" + soundNames[s] + ".wav")
}

// PCM is decoded audio: little-endian signed 16-bit samples, interleaved
// when there is more than one channel.
type PCM struct {
	Rate, Channels int
	Data           []byte
}

// DecodeWAV reads a PCM WAV file (16-bit, any rate and channel count).
// Errors say what is wrong with the file.
func DecodeWAV(data []byte) (PCM, error) {
	if len(data) < 12 || string(data[0:4]) != "RIFF" || string(data[8:12]) != "WAVE" {
		return PCM{}, errors.New("wav: not a RIFF WAVE file")
	}
	var out PCM
	haveFmt := false
	for i := 12; i+8 <= len(data); {
		id := string(data[i : i+4])
		size := int(binary.LittleEndian.Uint32(data[i+4 : i+8]))
		body := i + 8
		if size < 0 || body+size > len(data) {
			return PCM{}, fmt.Errorf("wav: chunk %q runs past the end of the file", id)
		}
		switch id {
		case "fmt ":
			if size < 16 {
				return PCM{}, errors.New("wav: fmt chunk too short")
			}
			format := binary.LittleEndian.Uint16(data[body:])
			out.Channels = int(binary.LittleEndian.Uint16(data[body+2:]))
			out.Rate = int(binary.LittleEndian.Uint32(data[body+4:]))
			bits := binary.LittleEndian.Uint16(data[body+14:])
			if format != 1 || bits != 16 {
				return PCM{}, fmt.Errorf("wav: format %d with %d bits; only 16-bit PCM is read", format, bits)
			}
			if out.Channels < 1 || out.Rate < 1 {
				return PCM{}, fmt.Errorf("wav: %d channels at %d Hz", out.Channels, out.Rate)
			}
			haveFmt = true
		case "data":
			if !haveFmt {
				return PCM{}, errors.New("wav: data chunk before the fmt chunk")
			}
			out.Data = data[body : body+size]
			return out, nil
		}
		i = body + size + size%2
	}
	return PCM{}, errors.New("wav: no data chunk")
}

// EncodeWAV writes mono 16-bit samples as a WAV file.
func EncodeWAV(rate int, samples []int16) []byte {
	n := len(samples) * 2
	b := make([]byte, 44+n)
	copy(b[0:], "RIFF")
	binary.LittleEndian.PutUint32(b[4:], uint32(36+n))
	copy(b[8:], "WAVEfmt ")
	binary.LittleEndian.PutUint32(b[16:], 16)
	binary.LittleEndian.PutUint16(b[20:], 1) // PCM
	binary.LittleEndian.PutUint16(b[22:], 1) // mono
	binary.LittleEndian.PutUint32(b[24:], uint32(rate))
	binary.LittleEndian.PutUint32(b[28:], uint32(rate*2))
	binary.LittleEndian.PutUint16(b[32:], 2)
	binary.LittleEndian.PutUint16(b[34:], 16)
	copy(b[36:], "data")
	binary.LittleEndian.PutUint32(b[40:], uint32(n))
	for i, s := range samples {
		binary.LittleEndian.PutUint16(b[44+2*i:], uint16(s))
	}
	return b
}

// note is one tone of a synthesised sound: a frequency (with its first
// overtone mixed in), a start and a length in seconds, and a loudness.
type note struct {
	freq, start, length, gain float64
	// decay is how fast it fades (per second); 0 holds it to the end.
	decay float64
}

// soundNotes are the recipes of the bundled sounds: short, soft, and
// distinct from each other.
var soundNotes = [...][]note{
	SoundMove:    {{freq: 660, length: 0.07, gain: 0.5, decay: 45}},
	SoundCapture: {{freq: 392, length: 0.07, gain: 0.55, decay: 40}, {freq: 523, start: 0.08, length: 0.09, gain: 0.55, decay: 35}},
	SoundCrown: {{freq: 523.25, length: 0.09, gain: 0.4, decay: 12}, {freq: 659.25, start: 0.08, length: 0.09, gain: 0.4, decay: 12},
		{freq: 783.99, start: 0.16, length: 0.09, gain: 0.4, decay: 12}, {freq: 1046.5, start: 0.24, length: 0.22, gain: 0.4, decay: 9}},
	SoundSuccess: {{freq: 523.25, length: 0.12, gain: 0.4, decay: 8}, {freq: 659.25, start: 0.1, length: 0.12, gain: 0.4, decay: 8},
		{freq: 783.99, start: 0.2, length: 0.3, gain: 0.45, decay: 5}},
	SoundMistake: {{freq: 311.13, length: 0.14, gain: 0.45, decay: 6}, {freq: 233.08, start: 0.15, length: 0.22, gain: 0.45, decay: 6}},
}

// SynthesizeSound computes sound s: the samples the bundled WAV files
// were written from (see TestSoundFiles_AreTheSynthesis).
func SynthesizeSound(s Sound) []int16 {
	notes := soundNotes[s]
	end := 0.0
	for _, n := range notes {
		end = max(end, n.start+n.length)
	}
	out := make([]int16, int(end*SoundRate)+1)
	const ramp = 0.004 // seconds of fade in and out, against clicks
	for _, n := range notes {
		first := int(n.start * SoundRate)
		count := int(n.length * SoundRate)
		for i := 0; i < count && first+i < len(out); i++ {
			t := float64(i) / SoundRate
			env := math.Exp(-n.decay * t)
			env *= min(1, t/ramp, (n.length-t)/ramp)
			v := math.Sin(2*math.Pi*n.freq*t) + 0.3*math.Sin(4*math.Pi*n.freq*t)
			x := float64(out[first+i]) + 0.6*32767*n.gain*env*v/1.3
			out[first+i] = int16(max(-32767, min(32767, x)))
		}
	}
	return out
}

// gatedSounds plays through out only while the learner's settings have
// sound on.
type gatedSounds struct {
	progress *tutor.Progress
	out      SoundPlayer
}

// Play implements SoundPlayer.
func (g gatedSounds) Play(s Sound) {
	if g.out != nil && (g.progress == nil || g.progress.Settings().Sound) {
		g.out.Play(s)
	}
}

// GatedSounds returns a SoundPlayer that passes sounds to out while the
// Sound setting of p is on (checked at every sound, so the setting applies
// at once). out may be nil: then nothing plays.
func GatedSounds(p *tutor.Progress, out SoundPlayer) SoundPlayer {
	return gatedSounds{progress: p, out: out}
}

// play plays s on p when p is not nil.
func play(p SoundPlayer, s Sound) {
	if p != nil {
		p.Play(s)
	}
}
