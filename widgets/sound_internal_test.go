package widgets

import (
	"bytes"
	"encoding/binary"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var updateSounds = flag.Bool("sounds.update", false, "rewrite widgets/sounds/*.wav from SynthesizeSound")

// The bundled WAV files are the synthesis, byte for byte; run
// go test ./widgets -run TestSoundFiles -args -sounds.update after changing
// a recipe.
func TestSoundFiles_AreTheSynthesis(t *testing.T) {
	for _, s := range Sounds() {
		want := EncodeWAV(SoundRate, SynthesizeSound(s))
		path := filepath.Join("sounds", s.String()+".wav")
		if *updateSounds {
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := SoundWAV(s)
		if err != nil {
			t.Fatalf("%v: %v", s, err)
		}
		if !bytes.Equal(got[:44], want[:44]) || len(got) != len(want) {
			t.Fatalf("%s: header or length differs from the synthesis; rerun with -sounds.update", path)
		}
		// The samples may differ by one step where another CPU rounds
		// math.Sin or math.Exp the other way.
		g, _ := DecodeWAV(got)
		w, _ := DecodeWAV(want)
		for i := 0; i+1 < len(w.Data); i += 2 {
			a := int16(binary.LittleEndian.Uint16(g.Data[i:]))
			b := int16(binary.LittleEndian.Uint16(w.Data[i:]))
			if d := int(a) - int(b); d < -1 || d > 1 {
				t.Fatalf("%s: sample %d is %d, the synthesis gives %d; rerun with -sounds.update", path, i/2, a, b)
			}
		}
	}
}

func TestDecodeWAV_RejectsWhatItCannotPlay(t *testing.T) {
	good := EncodeWAV(SoundRate, []int16{1, -1, 300})
	tests := []struct {
		name string
		data []byte
		ok   bool
	}{
		{"Bundled", good, true},
		{"Empty", nil, false},
		{"NotRIFF", append([]byte("RIFX"), good[4:]...), false},
		{"Truncated", good[:48], false},
		{"EightBit", func() []byte { b := bytes.Clone(good); b[34] = 8; return b }(), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pcm, err := DecodeWAV(tt.data)
			if (err == nil) != tt.ok {
				t.Fatalf("err = %v, want ok=%v", err, tt.ok)
			}
			if tt.ok && (pcm.Rate != SoundRate || pcm.Channels != 1 || len(pcm.Data) != 6) {
				t.Fatalf("decoded %d Hz, %d channels, %d bytes", pcm.Rate, pcm.Channels, len(pcm.Data))
			}
		})
	}
}
