package engine

import (
	"context"
	"testing"
)

// shotSetup is a position where Black's natural advance (2,1)-(3,2) walks
// into White's two-for-one shot (5,2)-(4,3) (see
// TestSearch_FindsTwoForOneShot): weak levels should fall for it now and
// then, strong levels never.
func shotSetup(v *Variant) (Position, Move) {
	white := [][2]int{{5, 2}, {6, 1}, {6, 5}, {7, 6}, {7, 0}}
	black := [][2]int{{2, 1}, {3, 4}, {0, 1}, {0, 5}}
	p := at(v, Black, white, black)
	shift := v.Size - 8
	return p, Move{From: v.SquareAt(2+shift, 1), To: v.SquareAt(3+shift, 2)}
}

func TestLevels_WeakLevelsFallForShotsStrongOnesDoNot(t *testing.T) {
	const tries = 24
	for _, v := range Variants() {
		t.Run(v.Name, func(t *testing.T) {
			p, trap := shotSetup(v)
			counts := map[int]int{}
			for _, level := range []int{1, 6, 7} {
				s := NewSearcher(1)
				for seed := uint64(0); seed < tries; seed++ {
					s.Clear()
					lim := Level(level).Limits(seed)
					lim.MoveTime = 0 // depth-bound: the same on a busy machine
					r := s.Search(context.Background(), NewGameFrom(p, GameOptions{}), lim)
					if r.Move.Same(&trap) {
						counts[level]++
					}
				}
			}
			t.Logf("%s: the trap played %v times out of %d", v.Name, counts, tries)
			if counts[1] == 0 {
				t.Errorf("level 1 never walked into the shot in %d games: it sees too much", tries)
			}
			if counts[6] > 0 || counts[7] > 0 {
				t.Errorf("levels 6 and 7 walked into the shot %d and %d times out of %d", counts[6], counts[7], tries)
			}
		})
	}
}
