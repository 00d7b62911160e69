package main

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/checkerstutor/checkers/engine"
)

const playUsage = "[--fen F] [--moves M] [--notation numeric|algebraic]"

// playCommands are the words play understands besides moves.
const playCommands = `  moves   list the legal moves
  undo    take back the last move (also after the game has ended)
  help    show these commands
  quit    stop (so does the end of the input)
`

const playHelp = `Two people take turns typing moves at the board: 11-15, 22x15, a full
capture path 22x15x8 when two captures share their ends, or c3-d4 / c3:e5.
Capturing is compulsory; an illegal move is answered with the legal ones.
Other inputs:
` + playCommands + `
  --fen F       start from this position instead of the start position
  --moves M     moves already played: "11-15 23-19" (undo takes them back)
  --notation    numeric (default) or algebraic (c3-d4) for the moves shown
`

func runPlay(e *env, args []string) error {
	fs := e.flags("play")
	pf := e.positionFlags(fs, "start position in PDN FEN")
	notation := notationFlag(fs)
	if err := e.parse(fs, args); err != nil {
		return err
	}
	if err := e.checkNotation(*notation); err != nil {
		return err
	}
	start, err := e.position("--fen", *pf.fen)
	if err != nil {
		return err
	}
	moves, _, err := playList(start, *pf.moves)
	if err != nil {
		return err
	}
	g := engine.NewGameFrom(start, engine.GameOptions{})
	for _, m := range moves {
		if err := g.Play(m); err != nil {
			return fmt.Errorf("--moves: %v", err)
		}
	}
	s := &playSession{g: g, n: *notation, out: bufio.NewWriter(e.stdout)}
	return s.run(bufio.NewScanner(e.stdin))
}

// playSession is a game typed in by two people.
type playSession struct {
	g   *engine.Game
	n   engine.Notation
	out *bufio.Writer
}

func (s *playSession) run(in *bufio.Scanner) error {
	fmt.Fprintf(s.out, "%s. Type moves like %s; also moves, undo, help, quit.\n", s.g.Variant().Title, s.example())
	s.show()
	for {
		fmt.Fprint(s.out, "> ")
		if err := s.out.Flush(); err != nil {
			return err
		}
		if !in.Scan() {
			fmt.Fprintln(s.out)
			break
		}
		line := strings.TrimSpace(in.Text())
		switch strings.ToLower(line) {
		case "":
		case "quit", "exit", "q":
			return s.out.Flush()
		case "help", "?":
			fmt.Fprint(s.out, playCommands)
		case "moves":
			fmt.Fprintln(s.out, strings.Join(s.legal(), " "))
		case "undo":
			s.undo()
		default:
			s.play(line)
		}
	}
	if err := in.Err(); err != nil {
		return fmt.Errorf("reading standard input: %v", err)
	}
	return s.out.Flush()
}

// play makes the move typed as text, or says why it cannot.
func (s *playSession) play(text string) {
	if s.g.Over() {
		fmt.Fprintln(s.out, "The game is over: type undo or quit.")
		return
	}
	p := s.g.Position()
	m, err := p.ParseMove(text)
	if err != nil {
		fmt.Fprintf(s.out, "Illegal: %v\n", err)
		return
	}
	if err := s.g.Play(m); err != nil {
		fmt.Fprintf(s.out, "Illegal: %v\n", err)
		return
	}
	fmt.Fprintf(s.out, "%s played %s.\n", colorName(p.Turn()), p.MoveString(&m, s.n))
	s.show()
}

// undo takes back the last move and says which it was.
func (s *playSession) undo() {
	ply := s.g.Ply()
	if ply == 0 {
		fmt.Fprintln(s.out, "Nothing to undo.")
		return
	}
	before := s.g.PositionAt(ply - 1)
	last := s.g.Moves()[ply-1]
	s.g.Undo()
	fmt.Fprintf(s.out, "Took back %s's %s.\n", colorName(before.Turn()), before.MoveString(&last, s.n))
	s.show()
}

// show prints the board and whose turn it is, or the result.
func (s *playSession) show() {
	p := s.g.Position()
	fmt.Fprintln(s.out)
	fmt.Fprint(s.out, boardText(&p, s.n))
	fmt.Fprintln(s.out)
	if res, why := s.g.Result(); res != engine.Ongoing {
		fmt.Fprintf(s.out, "Game over: %s (%s).\n", describeResult(res, why, p.Turn()), res)
		return
	}
	fmt.Fprintf(s.out, "%s to move.\n", colorName(p.Turn()))
}

func (s *playSession) legal() []string {
	p := s.g.Position()
	moves := p.LegalMoves()
	out := make([]string, len(moves))
	for i := range moves {
		out[i] = p.MoveString(&moves[i], s.n)
	}
	return out
}

func (s *playSession) example() string {
	if legal := s.legal(); len(legal) > 0 {
		return legal[0]
	}
	return "11-15"
}

// boardText is p.Board() with a key beside it: the square numbers of each
// row, or for algebraic notation the ranks and files around the board.
func boardText(p *engine.Position, n engine.Notation) string {
	v := p.Variant()
	rows := strings.Split(strings.TrimSuffix(p.Board(), "\n"), "\n")
	var sb strings.Builder
	for r, row := range rows {
		if n == engine.AlgebraicNotation {
			fmt.Fprintf(&sb, "%2d  %s\n", v.Size-r, row)
			continue
		}
		sb.WriteString(row)
		sb.WriteString("    ")
		for c := 0; c < v.Size; c++ {
			if sq := v.SquareAt(r, c); sq != 0 {
				fmt.Fprintf(&sb, "%3d", sq)
			}
		}
		sb.WriteString("\n")
	}
	if n == engine.AlgebraicNotation {
		sb.WriteString("   ")
		for c := 0; c < v.Size; c++ {
			fmt.Fprintf(&sb, " %c", 'a'+c)
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

func colorName(c engine.Color) string {
	if c == engine.White {
		return "White"
	}
	return "Black"
}

// describeResult says who won and why; toMove is the side to move in the
// final position.
func describeResult(res engine.Result, why engine.Reason, toMove engine.Color) string {
	if res == engine.Drawn {
		switch why {
		case engine.Repetition:
			return "draw by threefold repetition"
		case engine.QuietMoves:
			return "draw: 40 moves each without a man moving or a capture"
		case engine.MoveLimit:
			return "draw: the move limit is reached"
		case engine.KingsOnly:
			return "draw: only kings moved for too long"
		case engine.ThreeKingsVsKing:
			return "draw: the lone king was not caught in time"
		case engine.SmallEnding:
			return "draw: a small ending held out"
		case engine.PieceCount:
			return "draw: too long without a capture or a crowning"
		}
		return "draw"
	}
	winner := engine.White
	if res == engine.BlackWins {
		winner = engine.Black
	}
	switch why {
	case engine.NoPieces:
		return fmt.Sprintf("%s wins: %s has no pieces left", colorName(winner), colorName(winner.Opponent()))
	case engine.NoMoves:
		return fmt.Sprintf("%s wins: %s cannot move", colorName(winner), colorName(toMove))
	}
	return fmt.Sprintf("%s wins", colorName(winner))
}
