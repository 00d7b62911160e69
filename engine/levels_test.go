package engine

import (
	"context"
	"testing"
	"time"
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

func TestLevels_EngineLevelsSpendTheirNodeBudgetAndRepeat(t *testing.T) {
	prev := uint64(0)
	for level := 7; level <= 9; level++ {
		if n := Level(level).Nodes; n < 3*prev || n == 0 {
			t.Fatalf("level %d has a budget of %d nodes, want at least three times level %d's %d", level, n, level-1, prev)
		}
		prev = Level(level).Nodes
	}
	if l := Level(10); l.Nodes != 0 || l.Depth != 0 || l.MoveTime > 3*time.Second {
		t.Fatalf("level 10 = %v, want the full engine: no node or depth limit, at most 3 s", l)
	}
	for _, v := range Variants() {
		for _, level := range []int{7, 8} {
			lim := Level(level).Limits(1)
			lim.MoveTime = 0
			var first SearchResult
			for run := range 2 {
				r := NewSearcher(1).Search(context.Background(), NewGame(v, GameOptions{}), lim)
				if r.Nodes < lim.Nodes || r.Nodes > lim.Nodes+64 {
					t.Errorf("%s level %d searched %d nodes, want its budget %d", v.Name, level, r.Nodes, lim.Nodes)
				}
				if run == 0 {
					first = r
				} else if !r.Move.Same(&first.Move) || r.Nodes != first.Nodes || r.Depth != first.Depth {
					t.Errorf("%s level %d: two searches of the start position differ: %v/%d/%d and %v/%d/%d", v.Name, level,
						first.Move, first.Depth, first.Nodes, r.Move, r.Depth, r.Nodes)
				}
			}
		}
	}
}

// TestLevelFor checks the per-variant settings: English levels 7-9 and
// Russian levels 7-10 play apart from the table (levels 7-9 on their own
// node budgets, Russian levels 7-10 with contempt), International and the
// other levels keep it, and in every variant the depths of levels 1-6 and
// the node budgets of levels 7-9 grow.
func TestLevelFor(t *testing.T) {
	changes := map[*Variant]map[int]func(*LevelSettings){
		Russian: {
			7:  func(l *LevelSettings) { l.Nodes, l.Contempt = 8_000, 15 },
			8:  func(l *LevelSettings) { l.Nodes, l.Contempt = 40_000, 15 },
			9:  func(l *LevelSettings) { l.Nodes, l.Contempt = 200_000, 15 },
			10: func(l *LevelSettings) { l.Contempt = 15 },
		},
		English: {
			7: func(l *LevelSettings) { l.Nodes = 5_000 },
			8: func(l *LevelSettings) { l.Nodes = 20_000 },
			9: func(l *LevelSettings) { l.Nodes = 250_000 },
		},
	}
	for _, v := range Variants() {
		for n := 1; n <= 10; n++ {
			got, want := LevelFor(v, n), Level(n)
			if change := changes[v][n]; change != nil {
				change(&want)
			}
			if got != want {
				t.Errorf("%s level %d: %+v, want %+v", v.Name, n, got, want)
			}
		}
		for n := 2; n <= 6; n++ {
			if LevelFor(v, n).Depth <= LevelFor(v, n-1).Depth {
				t.Errorf("%s: level %d searches depth %d, level %d %d", v.Name, n, LevelFor(v, n).Depth, n-1, LevelFor(v, n-1).Depth)
			}
		}
		if LevelFor(v, 8).Nodes <= LevelFor(v, 7).Nodes || LevelFor(v, 9).Nodes <= LevelFor(v, 8).Nodes {
			t.Errorf("%s: the node budgets of levels 7-9 do not grow", v.Name)
		}
	}
}
