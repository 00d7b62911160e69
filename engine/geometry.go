package engine

import "math/bits"

// Internal layout. Squares are numbered 1..N for people. Inside the engine a
// square s lives at bit index (s-1) + (s-1)/(2w) of a uint64, where w is the
// number of playable squares in a row (4 or 5): one unused "ghost" bit after
// every pair of rows. With the ghosts, the four diagonal neighbours of every
// square are a fixed shift away (w and w+1), so whole sets of pieces move
// with one shift and the ghosts stop pieces wrapping round the board edge.

// Directions, in the order the generator tries them.
const (
	dirUpLeft    = iota // towards row 0 (square 1), column - 1
	dirUpRight          // towards row 0, column + 1
	dirDownLeft         // towards the last row, column - 1
	dirDownRight        // towards the last row, column + 1
	numDirs
)

const noSquare = -1

type geometry struct {
	size    int    // 8 or 10
	w       int    // playable squares per row
	n       int    // playable squares
	valid   uint64 // bits of real squares
	topRow  uint64 // row 0: where White men are crowned
	botRow  uint64 // last row: where Black men are crowned
	longDia uint64 // the long diagonal a1-h8 (8x8) or a1-j10 (10x10)
	shift   [numDirs]int
	// rot[d] is shift[d] as a left rotation (mod 64). The highest real
	// square plus the longest step stays below bit 64 and the bits a right
	// step wraps onto are above every real square, so rotating a set of
	// squares one step and masking with real squares equals shifting it.
	rot [numDirs]int
	// next[d][i] is the neighbour of bit i in direction d, or noSquare.
	next [numDirs][64]int8
	// sqOf[i] is the square number (1..n) at bit i, 0 for ghosts.
	sqOf [64]Square
	// idxOf[s] is the bit index of square s.
	idxOf [51]int8
	// row and col of each bit index (row 0 at the top, col 0 at the left).
	row, col [64]int8
}

func newGeometry(size int) *geometry {
	g := &geometry{size: size, w: size / 2, n: size * size / 2}
	for i := range g.next {
		for j := range g.next[i] {
			g.next[i][j] = noSquare
		}
	}
	at := map[[2]int]int{}
	for s := 1; s <= g.n; s++ {
		i := (s - 1) + (s-1)/(2*g.w)
		r := (s - 1) / g.w
		k := (s - 1) % g.w
		c := 2 * k
		if r%2 == 0 {
			c++
		}
		g.valid |= 1 << uint(i)
		g.sqOf[i] = Square(s)
		g.idxOf[s] = int8(i)
		g.row[i], g.col[i] = int8(r), int8(c)
		at[[2]int{r, c}] = i
		if r == 0 {
			g.topRow |= 1 << uint(i)
		}
		if r == size-1 {
			g.botRow |= 1 << uint(i)
		}
		if r+c == size-1 {
			g.longDia |= 1 << uint(i)
		}
	}
	delta := [numDirs][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}}
	for i := 0; i < 64; i++ {
		if g.sqOf[i] == 0 {
			continue
		}
		for d := 0; d < numDirs; d++ {
			r, c := int(g.row[i])+delta[d][0], int(g.col[i])+delta[d][1]
			if j, ok := at[[2]int{r, c}]; ok {
				g.next[d][i] = int8(j)
			}
		}
	}
	g.shift = [numDirs]int{-(g.w + 1), -g.w, g.w, g.w + 1}
	for d, s := range g.shift {
		g.rot[d] = (s + 64) % 64
	}
	return g
}

// shift moves every bit of b one step in direction d. Bits that leave the
// board land on ghosts or fall off the word; callers mask with real squares.
func (g *geometry) shiftDir(b uint64, d int) uint64 {
	s := g.shift[d]
	if s > 0 {
		return b << uint(s)
	}
	return b >> uint(-s)
}

// back is the inverse of shiftDir.
func (g *geometry) back(b uint64, d int) uint64 {
	s := g.shift[d]
	if s > 0 {
		return b >> uint(s)
	}
	return b << uint(-s)
}

// crownRow returns the row where men of colour c are crowned.
func (g *geometry) crownRow(c Color) uint64 {
	if c == White {
		return g.topRow
	}
	return g.botRow
}

func bit(i int) uint64 { return 1 << uint(i) }

// step moves every bit of b one step in direction d (a rotation; see rot).
func (g *geometry) step(b uint64, d int) uint64 { return bits.RotateLeft64(b, g.rot[d&3]) }

func lsb(b uint64) int { return bits.TrailingZeros64(b) }

// opposite returns the direction opposite to d.
func opposite(d int) int { return numDirs - 1 - d }
