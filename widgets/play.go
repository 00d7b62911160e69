package widgets

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/tutor"
)

// LevelDescription says in one line how level n (1..10) plays.
func LevelDescription(n int) string {
	switch n {
	case 1:
		return lang.L("A beginner: plays natural moves and misses your shots.")
	case 2:
		return lang.L("A novice: sees threats one move ahead.")
	case 3:
		return lang.L("A casual player: a fair game for a learner.")
	case 4:
		return lang.L("A club beginner: rarely leaves a piece hanging.")
	case 5:
		return lang.L("A club player: punishes loose moves.")
	case 6:
		return lang.L("A strong club player: few mistakes.")
	case 7:
		return lang.L("Looks nine moves ahead and makes no slips.")
	case 8:
		return lang.L("Looks twelve moves ahead.")
	case 9:
		return lang.L("Looks sixteen moves ahead.")
	case 10:
		return lang.L("The full engine: thinks up to three seconds a move.")
	}
	return ""
}

// player holds what opening games needs: the services (whose Do brings
// callbacks to the Fyne goroutine) and a seed source.
type player struct {
	s    *Services
	seed func() uint64
	// clock dates games; nil means the system clock.
	clock tutor.Clock
}

func (pl *player) deps() tutor.GameDeps {
	return tutor.GameDeps{Endgames: pl.s.Endgames, Progress: pl.s.Progress, Clock: pl.clock}
}

// PlaySetup is the panel that starts a game: variant, the learner's colour,
// the AI's level (with a line saying how it plays), against the computer
// or two players on one device, and the import of a game in PDN.
type PlaySetup struct {
	widget.BaseWidget

	pl *player

	Variant   *widget.RadioGroup
	Mode      *widget.RadioGroup
	Colour    *widget.RadioGroup
	Level     *widget.Slider
	LevelText *widget.Label
	Start     *widget.Button
	Import    *widget.Button

	variants []*engine.Variant
	content  fyne.CanvasObject
}

func newPlaySetup(pl *player) *PlaySetup {
	ps := &PlaySetup{pl: pl}
	ps.ExtendBaseWidget(ps)
	st := pl.s.Progress.Settings()
	th := boardTheme(st)

	lg := AppLanguage(st.Language)
	var titles []string
	for _, v := range engine.Variants() {
		ps.variants = append(ps.variants, v)
		titles = append(titles, tutor.VariantTitle(lg, v))
	}
	ps.Variant = widget.NewRadioGroup(titles, nil)
	ps.Variant.Required = true
	ps.Variant.SetSelected(tutor.VariantTitle(lg, settingsVariant(st)))

	vsAI, two := lang.L("Against the computer"), lang.L("Two players on this device")
	names := wordsFor(st, th).Names
	ps.Colour = widget.NewRadioGroup([]string{names.Of(engine.Black), names.Of(engine.White)}, nil)
	ps.Colour.Horizontal = true
	ps.Colour.Required = true
	ps.Colour.SetSelected(names.Of(settingsVariant(st).FirstToMove))

	ps.LevelText = widget.NewLabel("")
	ps.LevelText.Wrapping = fyne.TextWrapWord
	ps.Level = widget.NewSlider(1, 10)
	ps.Level.Step = 1
	level := st.Level
	if level < 1 || level > 10 {
		level = engine.DefaultLevel
	}
	ps.Level.OnChanged = func(f float64) { ps.LevelText.SetText(ps.levelLine(int(f))) }
	ps.Level.SetValue(float64(level))
	ps.LevelText.SetText(ps.levelLine(level))

	aiOnly := container.NewVBox(
		widget.NewLabelWithStyle(lang.L("You play"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), ps.Colour,
		widget.NewLabelWithStyle(lang.L("Computer level"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), ps.Level, ps.LevelText)
	ps.Mode = widget.NewRadioGroup([]string{vsAI, two}, func(s string) {
		if s == two {
			aiOnly.Hide()
		} else {
			aiOnly.Show()
		}
	})
	ps.Mode.Required = true
	ps.Mode.SetSelected(vsAI)

	ps.Start = widget.NewButtonWithIcon(lang.L("Start the game"), theme.MediaPlayIcon(), ps.start)
	ps.Start.Importance = widget.HighImportance
	ps.Import = widget.NewButtonWithIcon(lang.L("Open a game (PDN)…"), theme.FolderOpenIcon(), func() { pl.importDialog() })

	bold := func(s string) *widget.Label {
		return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	col := container.NewVBox(
		bold(lang.L("Rules")), ps.Variant,
		bold(lang.L("Opponent")), ps.Mode,
		aiOnly,
	)
	// Start stays in sight below the choices, however small the screen.
	buttons := container.NewVBox(container.New(&minHeight{h: 56}, ps.Start), touchable(ps.Import))
	ps.content = container.NewBorder(nil,
		container.New(&column{w: 560}, container.NewPadded(buttons)), nil, nil,
		container.NewVScroll(container.New(&column{w: 560}, container.NewPadded(col))))
	return ps
}

func (ps *PlaySetup) levelLine(n int) string {
	return lang.L("Level {{.Level}}: {{.Text}}", map[string]any{"Level": n, "Text": LevelDescription(n)})
}

// CreateRenderer implements fyne.Widget.
func (ps *PlaySetup) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(withTouchRows(ps.content))
}

// Config returns the game the panel's choices describe.
func (ps *PlaySetup) Config() tutor.GameConfig {
	st := ps.pl.s.Progress.Settings()
	v := engine.English
	for _, vv := range ps.variants {
		if tutor.VariantTitle(AppLanguage(st.Language), vv) == ps.Variant.Selected {
			v = vv
		}
	}
	th := boardTheme(st)
	cfg := tutor.GameConfig{Variant: v, Level: int(ps.Level.Value), Words: wordsFor(st, th), Learner: engine.White}
	if ps.Colour.Selected == cfg.Words.Names.Of(engine.Black) {
		cfg.Learner = engine.Black
	}
	if ps.Mode.Selected != lang.L("Against the computer") {
		cfg.Mode = tutor.TwoPlayers
	}
	return cfg
}

func (ps *PlaySetup) start() {
	cfg := ps.Config()
	st := ps.pl.s.Progress.Settings()
	st.Variant, st.Level = cfg.Variant.Name, cfg.Level
	ps.pl.s.Progress.SetSettings(st)
	ps.pl.newGame(cfg, false)
}

// newGame opens a game view for cfg above the current screen (or in its
// place, for a rematch).
func (pl *player) newGame(cfg tutor.GameConfig, replace bool) {
	cfg.Seed = pl.seed()
	v := newPlayView(pl, cfg)
	cb := v.callbacks()
	gs, err := tutor.NewGameSession(cfg, cb, pl.deps())
	if err != nil {
		dialog.ShowError(err, pl.s.Window)
		return
	}
	v.attach(gs)
	pl.show(v, replace)
}

// resume opens the saved game sg.
func (pl *player) resume(sg tutor.SavedGame, replace bool) error {
	st := pl.s.Progress.Settings()
	// The sides and squares are named as the settings say now, which
	// may have changed since the game was saved.
	w := wordsFor(st, boardTheme(st))
	sg.Names = [2]string{w.Names.White, w.Names.Black}
	sg.Algebraic = w.Notation == engine.AlgebraicNotation
	v := newPlayView(pl, tutor.GameConfig{})
	cb := v.callbacks()
	gs, err := tutor.ResumeGame(sg, cb, pl.deps())
	if err != nil {
		return err
	}
	v.cfg = gs.Config()
	v.theme = boardTheme(st)
	v.attach(gs)
	pl.show(v, replace)
	return nil
}

func (pl *player) show(v *PlayView, replace bool) {
	var title string
	if v.cfg.Mode == tutor.VersusAI {
		title = lang.L("{{.Variant}} · level {{.Level}}", map[string]any{"Variant": shortVariant(v.cfg.Variant), "Level": v.cfg.Level})
	} else {
		title = lang.L("{{.Variant}} · two players", map[string]any{"Variant": shortVariant(v.cfg.Variant)})
	}
	if nav, ok := pl.s.Nav.(*Shell); ok && replace {
		nav.Replace(title, v, v.Close)
	} else {
		pl.s.Nav.Push(title, v, v.Close)
	}
	v.begin()
	// The board is not focused at once: Escape (back) stays with the
	// shell until the learner tabs to the board to play by keyboard.
	c := pl.s.Window.Canvas()
	for _, sc := range v.shortcuts() {
		c.AddShortcut(sc.key, func(fyne.Shortcut) {
			if !v.closed {
				sc.run()
			}
		})
	}
}

type shortcut struct {
	key fyne.Shortcut
	run func()
}

// shortcuts are the game's keys: Ctrl+Z takes back, Ctrl+H gives a hint.
func (v *PlayView) shortcuts() []shortcut {
	return []shortcut{
		{&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault}, v.takeBack},
		{&desktop.CustomShortcut{KeyName: fyne.KeyH, Modifier: fyne.KeyModifierShortcutDefault}, v.askHint},
	}
}

// shortVariant names a variant in a word, for titles on small screens.
func shortVariant(v *engine.Variant) string {
	switch v {
	case engine.English:
		return lang.L("English")
	case engine.Russian:
		return lang.L("Russian")
	case engine.International:
		return lang.L("International")
	}
	return v.Title
}

// PlayView is a game on the screen: the board beside (or above) a panel
// with whose turn it is, the numbered move list, take-back, hint, draw
// and resign buttons, a "thinking…" indicator while the computer searches
// (the board takes no input then), and when the game ends the reason, a
// review of the moves that lost the most, rematch and PDN export. The game
// is saved after every move, so Continue resumes it.
type PlayView struct {
	widget.BaseWidget

	pl      *player
	session *tutor.GameSession
	cfg     tutor.GameConfig
	theme   BoardTheme
	closed  bool
	over    bool
	moves   []tutor.PlayedMove
	review  map[int]tutor.ReviewedMove
	hint    *tutor.Hint
	saver   gameSaver
	// animUntil is when the learner's last move ends its animation.
	animUntil time.Time

	// Board is the game's board.
	Board *Board
	// Status says whose turn it is (from the game's status) or who is
	// thinking; Message gives feedback (an illegal move's reason, a hint,
	// the answer to a draw offer).
	Status, Message *widget.Label
	// Thinking is shown while the computer searches.
	Thinking *fyne.Container
	// MoveList lists the moves, one numbered line per move pair.
	MoveList *widget.List

	TakeBack, Hint, Draw, Resign, Export *widget.Button
	// End is the panel shown when the game is over: EndTitle ("You
	// won!"), EndText (the reason), ReviewText and the Rematch and
	// NewGame buttons.
	End                           *fyne.Container
	EndTitle, EndText, ReviewText *widget.Label
	Rematch, NewGame              *widget.Button

	actions *fyne.Container
	content fyne.CanvasObject
}

func newPlayView(pl *player, cfg tutor.GameConfig) *PlayView {
	st := pl.s.Progress.Settings()
	v := &PlayView{pl: pl, cfg: cfg, theme: boardTheme(st), review: map[int]tutor.ReviewedMove{}}
	v.ExtendBaseWidget(v)
	v.saver.p = pl.s.Progress
	return v
}

// callbacks are the session's callbacks, each handed to the Fyne
// goroutine.
func (v *PlayView) callbacks() tutor.GameCallbacks {
	on := func(f func()) {
		v.pl.s.do(func() {
			if !v.closed {
				f()
			}
		})
	}
	return tutor.GameCallbacks{
		OnAIMove:     func(pm tutor.PlayedMove) { on(func() { v.aiMoved(pm) }) },
		OnGameOver:   func(st engine.Status) { on(func() { v.gameOver(st) }) },
		OnHint:       func(h tutor.Hint) { on(func() { v.showHint(h) }) },
		OnDrawAnswer: func(a tutor.DrawAnswer) { on(func() { v.drawAnswer(a) }) },
		OnReview:     func(r tutor.Review) { on(func() { v.showReview(r) }) },
	}
}

// attach builds the view round a session.
func (v *PlayView) attach(gs *tutor.GameSession) {
	v.session = gs
	st := v.pl.s.Progress.Settings()
	gv := gs.View()
	v.moves = gv.Moves

	v.Board = NewBoard(gv.Position)
	v.Board.SetTheme(v.theme)
	v.Board.SetAnimations(st.Animations)
	v.Board.SetCoordinates(boardCoordinates(st))
	v.Board.SetFlipped(v.cfg.Mode == tutor.VersusAI && v.cfg.Learner == engine.Black)
	if n := len(gv.Moves); n > 0 {
		v.Board.SetLastMove(gv.Moves[n-1].Move)
	}
	v.Board.OnMove = v.learnerMove
	v.Board.OnIllegal = v.illegal

	v.Status = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	v.Status.Wrapping = fyne.TextWrapWord
	v.Message = widget.NewLabel("")
	v.Message.Wrapping = fyne.TextWrapWord
	v.Message.Hide()
	bar := widget.NewProgressBarInfinite()
	v.Thinking = container.NewBorder(nil, nil, widget.NewLabel(lang.L("Thinking…")), nil, bar)
	v.Thinking.Hide()

	v.MoveList = widget.NewList(v.rowCount, v.newRow, v.updateRow)
	v.MoveList.OnSelected = func(id widget.ListItemID) {
		v.explainRow(id)
		v.MoveList.UnselectAll()
	}

	v.TakeBack = widget.NewButtonWithIcon(lang.L("Take back"), theme.ContentUndoIcon(), v.takeBack)
	v.Hint = widget.NewButtonWithIcon(lang.L("Hint"), theme.HelpIcon(), v.askHint)
	drawLabel := lang.L("Offer a draw")
	if v.cfg.Mode == tutor.TwoPlayers {
		drawLabel = lang.L("Agree a draw")
	}
	v.Draw = widget.NewButtonWithIcon(drawLabel, theme.ContentRemoveIcon(), v.offerDraw)
	v.Resign = widget.NewButtonWithIcon(lang.L("Resign"), theme.CancelIcon(), v.resign)
	v.Resign.Importance = widget.DangerImportance
	v.Export = widget.NewButtonWithIcon(lang.L("Export PDN"), theme.DocumentSaveIcon(), v.exportPDN)

	v.EndTitle = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	v.EndTitle.SizeName = theme.SizeNameSubHeadingText
	v.EndText = widget.NewLabel("")
	v.EndText.Wrapping = fyne.TextWrapWord
	v.EndText.Alignment = fyne.TextAlignCenter
	v.ReviewText = widget.NewLabel("")
	v.ReviewText.Wrapping = fyne.TextWrapWord
	v.Rematch = widget.NewButtonWithIcon(lang.L("Rematch"), theme.ViewRefreshIcon(), v.rematch)
	v.Rematch.Importance = widget.HighImportance
	v.NewGame = widget.NewButtonWithIcon(lang.L("New game"), theme.ContentAddIcon(), func() {
		if sh, ok := v.pl.s.Nav.(*Shell); ok {
			sh.Replace(lang.L("Play"), newPlaySetup(v.pl), nil)
		} else if v.pl.s.Nav != nil {
			v.pl.s.Nav.Back()
		}
	})
	v.End = container.NewVBox(v.EndTitle, v.EndText,
		container.NewGridWithColumns(2, touchable(v.Rematch), touchable(v.NewGame)), v.ReviewText)
	v.End.Hide()

	v.actions = container.NewGridWithColumns(2, touchable(v.TakeBack), touchable(v.Hint), touchable(v.Draw), touchable(v.Resign))
	top := container.NewVBox(v.Status, v.Thinking, v.Message, v.End, v.actions)
	bottom := container.NewVBox(touchable(v.Export))
	list := container.NewBorder(widget.NewLabelWithStyle(lang.L("Moves"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), nil, nil, nil, v.MoveList)
	// The panel scrolls when a phone leaves it little room: the board
	// keeps its size.
	panel := container.NewVScroll(container.NewPadded(container.NewBorder(top, bottom, nil, nil, list)))
	v.content = NewBoardAndPanel(v.Board, panel)
	if gv.Status.Result != engine.Ongoing {
		v.over = true
	}
}

// begin starts the game: the computer moves if it is its turn; a game that
// is already over (an imported one) shows its end.
func (v *PlayView) begin() {
	if v.over {
		v.gameOver(v.session.Status())
		return
	}
	v.sync()
	v.session.Start()
	v.sync()
}

// CreateRenderer implements fyne.Widget.
func (v *PlayView) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(v.content) }

// Session returns the game session shown.
func (v *PlayView) Session() *tutor.GameSession { return v.session }

// Close ends the view: the computer stops thinking and no callback
// reaches it any more. The shell calls it when the screen is left.
func (v *PlayView) Close() {
	if v.closed {
		return
	}
	v.closed = true
	if c := v.pl.s.Window.Canvas(); c != nil {
		for _, sc := range v.shortcuts() {
			c.RemoveShortcut(sc.key)
		}
	}
	v.session.Close()
	v.saver.wait()
}

// Wait blocks until the session has no search running and the last save
// is written (tests).
func (v *PlayView) Wait() {
	v.session.Wait()
	v.saver.wait()
}

// MoveTexts returns the move list as shown, one line per row.
func (v *PlayView) MoveTexts() []string {
	var out []string
	for i := 0; i < v.rowCount(); i++ {
		num, a, b := v.rowTexts(i)
		out = append(out, strings.TrimSpace(num+" "+a+" "+b))
	}
	return out
}

// learnerMove plays a move the board reports.
func (v *PlayView) learnerMove(m engine.Move) {
	if v.closed || v.over {
		return
	}
	before := v.Board.GamePosition()
	pm, err := v.session.Play(m)
	if err != nil {
		v.say(err.Error(), widget.DangerImportance)
		play(v.pl.s.Sounds, SoundMistake)
		v.sync()
		return
	}
	after := before
	after.Play(&pm.Move)
	v.Board.SetPositionAnimated(after, pm.Move)
	if v.pl.s.Progress.Settings().Animations {
		v.animUntil = time.Now().Add(time.Duration(len(pm.Move.Path()))*legDuration + 40*time.Millisecond)
	}
	v.moves = append(v.moves, pm)
	v.hint = nil
	v.say("", widget.MediumImportance)
	v.moveSound(pm.Move)
	v.sync()
	v.MoveList.ScrollToBottom()
	v.save()
}

// illegal explains an attempt the board refused, with the tutor's
// sentence.
func (v *PlayView) illegal(from, to Cell) {
	if v.closed || v.over {
		return
	}
	if to == NoCell {
		to = from
	}
	text := v.session.Explain(engine.Coord{Row: from.Row, Col: from.Col}, engine.Coord{Row: to.Row, Col: to.Col})
	if text == "" {
		return
	}
	v.say(text, widget.DangerImportance)
	play(v.pl.s.Sounds, SoundMistake)
}

func (v *PlayView) aiMoved(pm tutor.PlayedMove) {
	// A quick answer waits for the learner's move to finish moving.
	if wait := time.Until(v.animUntil); wait > 0 {
		time.AfterFunc(wait, func() {
			v.pl.s.do(func() {
				if !v.closed {
					v.aiMoved(pm)
				}
			})
		})
		return
	}
	gv := v.session.View()
	if pm.Ply != len(v.moves) || pm.Ply >= len(gv.Moves) {
		v.resync(gv)
		return
	}
	after := v.Board.GamePosition()
	after.Play(&pm.Move)
	v.Board.SetPositionAnimated(after, pm.Move)
	v.moves = append(v.moves, pm)
	v.moveSound(pm.Move)
	v.sync()
	v.MoveList.ScrollToBottom()
	v.save()
}

// resync shows the session's game as it is now.
func (v *PlayView) resync(gv tutor.GameView) {
	v.moves = gv.Moves
	v.Board.SetPosition(gv.Position)
	if n := len(gv.Moves); n > 0 {
		v.Board.SetLastMove(gv.Moves[n-1].Move)
	}
	v.MoveList.Refresh()
	v.sync()
}

func (v *PlayView) moveSound(m engine.Move) {
	switch {
	case m.Promotes:
		play(v.pl.s.Sounds, SoundCrown)
	case m.IsCapture():
		play(v.pl.s.Sounds, SoundCapture)
	default:
		play(v.pl.s.Sounds, SoundMove)
	}
}

// sync brings the panel in line with the session.
func (v *PlayView) sync() {
	gv := v.session.View()
	pending := len(gv.Moves) > len(v.moves) // the computer's answer is on its way
	thinking := !v.over && (gv.Thinking || pending)
	v.Status.Show()
	switch {
	case v.over:
		v.Status.Hide() // the end panel says it
		v.Status.SetText(gv.Status.Text)
	case thinking:
		v.Status.SetText(lang.L("{{.Side}} is thinking…", map[string]any{"Side": v.cfg.Words.Names.Of(v.cfg.Learner.Opponent())}))
	default:
		v.Status.SetText(statusLine(gv.Status, v.cfg))
	}
	if thinking {
		v.Thinking.Show()
	} else {
		v.Thinking.Hide()
	}
	v.Board.SetInteractive(!v.over && gv.LearnerToMove && !pending)
	enable(v.TakeBack, !v.over && v.session.CanTakeBack())
	enable(v.Hint, !v.over && gv.LearnerToMove && !pending)
	enable(v.Draw, !v.over && !thinking)
	enable(v.Resign, !v.over)
	v.MoveList.Refresh()
}

// statusLine is the game's status sentence, addressed to the learner when
// it is the learner's turn against the computer: "Red to move — you must
// capture."
func statusLine(st engine.Status, cfg tutor.GameConfig) string {
	if cfg.Mode != tutor.VersusAI || st.Turn != cfg.Learner || st.Result != engine.Ongoing {
		return st.Text
	}
	side := cfg.Words.Names.Of(st.Turn)
	line := lang.L("{{.Side}} to move — your turn.", map[string]any{"Side": side})
	if st.MustCapture {
		line = lang.L("{{.Side}} to move — you must capture.", map[string]any{"Side": side})
	}
	// keep the draw-rule countdown the status adds, if any: what follows
	// the turn sentences of tutor.Words.StatusText
	lg := cfg.Words.Language
	head := tutor.Message(lg, "status.to-move", "side", side)
	if st.MustCapture {
		head += " " + tutor.Message(lg, "status.must-capture", "side", side)
	}
	if rest, ok := strings.CutPrefix(st.Text, head); ok && strings.TrimSpace(rest) != "" {
		line += " " + strings.TrimSpace(rest)
	}
	return line
}

func enable(b *widget.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

func (v *PlayView) say(text string, imp widget.Importance) {
	v.Message.Importance = imp
	v.Message.SetText(text)
	if text == "" {
		v.Message.Hide()
	} else {
		v.Message.Show()
	}
}

func (v *PlayView) save() {
	if v.over {
		v.saver.save(nil)
		return
	}
	sg := v.session.Save()
	v.saver.save(&sg)
}

func (v *PlayView) takeBack() {
	if v.closed || !v.session.TakeBack() {
		return
	}
	v.over = false
	v.End.Hide()
	v.actions.Show()
	v.hint = nil
	v.say("", widget.MediumImportance)
	v.resync(v.session.View())
	v.save()
}

// askHint asks for a hint the first time (the piece is ringed when it
// comes), and shows the whole move as an arrow the second time.
func (v *PlayView) askHint() {
	if v.closed || v.over {
		return
	}
	if v.hint != nil && v.hint.Move != nil {
		v.Board.SetHintMove(*v.hint.Move)
		v.say(v.hint.Text, widget.HighImportance)
		return
	}
	if err := v.session.Hint(); err != nil {
		v.say(err.Error(), widget.WarningImportance)
		return
	}
	v.say(lang.L("Looking for a good move…"), widget.MediumImportance)
}

func (v *PlayView) showHint(h tutor.Hint) {
	v.hint = &h
	if h.Move == nil {
		v.say(h.Text, widget.HighImportance)
		return
	}
	v.Board.SetHintPiece(h.Move.From)
	sq := tutor.SquareName(v.cfg.Variant, h.Move.From, v.cfg.Words.Notation)
	v.say(lang.L("Try the piece on {{.Square}}. Tap Hint again to see the move.", map[string]any{"Square": sq}), widget.HighImportance)
}

func (v *PlayView) offerDraw() {
	if v.closed || v.over {
		return
	}
	if v.cfg.Mode == tutor.TwoPlayers {
		showConfirm(lang.L("Agree a draw?"), lang.L("The game ends as a draw."), func(ok bool) {
			if ok && !v.closed {
				v.session.AgreeDraw()
			}
		}, v.pl.s.Window)
		return
	}
	if err := v.session.OfferDraw(); err != nil {
		v.say(err.Error(), widget.WarningImportance)
		return
	}
	v.Draw.Disable()
	v.say(lang.L("You offer a draw…"), widget.MediumImportance)
}

func (v *PlayView) drawAnswer(a tutor.DrawAnswer) {
	imp := widget.WarningImportance
	if a.Accepted {
		imp = widget.SuccessImportance
	}
	v.say(a.Text, imp)
	v.sync()
}

func (v *PlayView) resign() {
	if v.closed || v.over {
		return
	}
	showConfirm(lang.L("Resign?"), lang.L("The game ends and counts as a loss."), func(ok bool) {
		if ok && !v.closed && !v.over {
			v.session.Resign()
		}
	}, v.pl.s.Window)
}

// gameOver shows the end of the game: who won and why, then starts the
// review.
func (v *PlayView) gameOver(st engine.Status) {
	if v.over && v.End.Visible() {
		return
	}
	v.over = true
	gv := v.session.View()
	if len(gv.Moves) != len(v.moves) {
		v.resync(gv)
	}
	title := lang.L("Game over")
	sound := SoundSuccess
	if v.cfg.Mode == tutor.VersusAI {
		switch tutor.LearnerResult(st.Result, v.cfg.Learner) {
		case tutor.Win:
			title = lang.L("You won!")
		case tutor.Loss:
			title, sound = lang.L("You lost this one"), SoundMistake
		case tutor.Draw:
			title = lang.L("A draw")
		}
	} else if st.Result == engine.Drawn {
		title = lang.L("A draw")
	} else {
		title = lang.L("{{.Side}} wins!", map[string]any{"Side": v.cfg.Words.Names.Of(st.Winner)})
	}
	v.EndTitle.SetText(title)
	v.EndText.SetText(st.Text)
	v.ReviewText.SetText(lang.L("Looking back over the game…"))
	v.End.Show()
	v.actions.Hide()
	if v.Message.Importance != widget.SuccessImportance { // keep "… accepts the draw"
		v.say("", widget.MediumImportance)
	}
	play(v.pl.s.Sounds, sound)
	v.sync()
	v.save()
	if len(gv.Moves) > 0 {
		v.session.Review()
	} else {
		v.ReviewText.SetText("")
	}
}

func (v *PlayView) showReview(r tutor.Review) {
	v.review = map[int]tutor.ReviewedMove{}
	var lines []string
	for _, m := range r.Mistakes {
		v.review[m.Ply] = m
		lines = append(lines, m.Comment)
	}
	if len(lines) == 0 {
		text := lang.L("No move lost much: well played.")
		if st := v.session.Status(); v.cfg.Mode == tutor.VersusAI && tutor.LearnerResult(st.Result, v.cfg.Learner) == tutor.Loss {
			text = lang.L("No move lost much.") // a lost game, resigned early
		}
		v.ReviewText.SetText(text)
	} else {
		v.ReviewText.SetText(lang.L("The moves that lost the most (marked ? in the list):") + "\n" + strings.Join(lines, "\n"))
	}
	v.MoveList.Refresh()
}

// Reviewed returns the plies the review marked as mistakes.
func (v *PlayView) Reviewed() []int {
	var out []int
	for ply := range v.review {
		out = append(out, ply)
	}
	return out
}

func (v *PlayView) rematch() {
	cfg := v.cfg
	if cfg.Mode == tutor.VersusAI {
		cfg.Learner = cfg.Learner.Opponent() // swap colours, as players do
	}
	cfg.StartFEN = ""
	v.pl.newGame(cfg, true)
}

// rows: one per move pair, numbered as PDN numbers them (a game whose
// first move is the second player's starts with "1. ...").
func (v *PlayView) firstOffset() int {
	if len(v.moves) == 0 {
		return 0
	}
	if v.moves[0].Side != v.cfg.Variant.FirstToMove {
		return 1
	}
	return 0
}

func (v *PlayView) rowCount() int {
	n := len(v.moves) + v.firstOffset()
	return (n + 1) / 2
}

func (v *PlayView) newRow() fyne.CanvasObject {
	num := widget.NewLabel("")
	a, b := widget.NewLabel(""), widget.NewLabel("")
	return container.NewBorder(nil, nil, container.New(&minWidth{w: 44}, num), nil, container.NewGridWithColumns(2, a, b))
}

func (v *PlayView) rowTexts(id int) (num, a, b string) {
	off := v.firstOffset()
	num = fmt.Sprintf("%d.", id+1)
	text := func(i int) string {
		if i < 0 || i >= len(v.moves) {
			if i < 0 {
				return "…"
			}
			return ""
		}
		t := v.moves[i].Text
		if _, bad := v.review[i]; bad {
			t += " ?"
		}
		return t
	}
	return num, text(2*id - off), text(2*id + 1 - off)
}

func (v *PlayView) updateRow(id widget.ListItemID, o fyne.CanvasObject) {
	c := o.(*fyne.Container)
	num, a, b := v.rowTexts(id)
	off := v.firstOffset()
	c.Objects[1].(*fyne.Container).Objects[0].(*widget.Label).SetText(num)
	pair := c.Objects[0].(*fyne.Container)
	for k, t := range []string{a, b} {
		l := pair.Objects[k].(*widget.Label)
		l.Importance = widget.MediumImportance
		if _, bad := v.review[2*id+k-off]; bad {
			l.Importance = widget.DangerImportance
		}
		l.SetText(t)
	}
}

// explainRow shows the review's comment on a marked move of row id.
func (v *PlayView) explainRow(id int) {
	off := v.firstOffset()
	for k := 0; k < 2; k++ {
		if m, ok := v.review[2*id+k-off]; ok {
			v.say(m.Comment, widget.WarningImportance)
			return
		}
	}
}

// PDN returns the game in PDN, as Export writes it.
func (v *PlayView) PDN() string {
	return v.session.PDN(lang.L("Checkers Tutor game"), lang.L("Learner"))
}

func (v *PlayView) exportPDN() {
	text := v.PDN()
	w := v.pl.s.Window
	entry := widget.NewMultiLineEntry()
	entry.SetText(text)
	entry.Wrapping = fyne.TextWrapOff
	entry.SetMinRowsVisible(8)
	var d dialog.Dialog
	copyBtn := widget.NewButtonWithIcon(lang.L("Copy"), theme.ContentCopyIcon(), func() {
		v.pl.s.App.Clipboard().SetContent(text)
		d.Hide()
	})
	copyBtn.Importance = widget.HighImportance
	saveBtn := widget.NewButtonWithIcon(lang.L("Save to a file…"), theme.DocumentSaveIcon(), func() {
		d.Hide()
		fd := dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
			if err != nil {
				dialog.ShowError(err, w)
				return
			}
			if wc == nil {
				return
			}
			_, err = io.WriteString(wc, text)
			if cerr := wc.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				dialog.ShowError(err, w)
			}
		}, w)
		fd.SetFileName("game.pdn")
		fd.Show()
	})
	body := container.NewBorder(nil, container.NewGridWithColumns(2, touchable(copyBtn), touchable(saveBtn)), nil, nil, entry)
	d = dialog.NewCustom(lang.L("The game in PDN"), lang.L("Close"), body, w)
	d.Resize(fyne.NewSize(min(560, w.Canvas().Size().Width), min(420, w.Canvas().Size().Height)))
	d.Show()
}

// ImportPDN reads the first game of a PDN text as a saved game for two
// players on one device, ready for ResumeGame: its variant (from GameType,
// else def), start position and moves. Errors say what in the text is
// wrong.
func ImportPDN(text string, def *engine.Variant, words tutor.Words) (tutor.SavedGame, error) {
	if strings.TrimSpace(text) == "" {
		return tutor.SavedGame{}, errors.New(lang.L("There is no game in the text."))
	}
	games, err := engine.ParsePDN(text, def)
	if err != nil {
		return tutor.SavedGame{}, err
	}
	if len(games) == 0 {
		return tutor.SavedGame{}, errors.New(lang.L("There is no game in the text."))
	}
	g := games[0]
	if _, err := g.Game(engine.GameOptions{}); err != nil {
		return tutor.SavedGame{}, err
	}
	sg := tutor.SavedGame{Variant: g.Variant.Name, StartFEN: g.Start.FEN(), TwoPlayer: true, Learner: "white",
		Level: engine.DefaultLevel, Names: [2]string{words.Names.White, words.Names.Black},
		Algebraic: words.Notation == engine.AlgebraicNotation}
	p := g.Start
	for i := range g.Moves {
		sg.Moves = append(sg.Moves, p.LongMoveString(&g.Moves[i], engine.Numeric))
		p.Play(&g.Moves[i])
	}
	return sg, nil
}

// importDialog lets the learner paste a game in PDN or open a .pdn file;
// errors are shown in the dialog in red.
func (pl *player) importDialog() {
	w := pl.s.Window
	entry := widget.NewMultiLineEntry()
	entry.SetPlaceHolder(lang.L("Paste a game in PDN here, e.g. 1. 11-15 22-18 2. 15x22 …"))
	entry.SetMinRowsVisible(8)
	errLabel := widget.NewLabel("")
	errLabel.Importance = widget.DangerImportance
	errLabel.Wrapping = fyne.TextWrapWord
	var d dialog.Dialog
	open := func(text string) {
		st := pl.s.Progress.Settings()
		sg, err := ImportPDN(text, settingsVariant(st), wordsFor(st, boardTheme(st)))
		if err == nil {
			sg.Started = time.Now()
			if pl.clock != nil {
				sg.Started = pl.clock.Now()
			}
			if err = pl.resume(sg, false); err == nil {
				d.Hide()
				return
			}
		}
		errLabel.SetText(lang.L("This game cannot be opened: {{.Error}}", map[string]any{"Error": err.Error()}))
	}
	fileBtn := widget.NewButtonWithIcon(lang.L("Open a file…"), theme.FolderOpenIcon(), func() {
		fd := dialog.NewFileOpen(func(rc fyne.URIReadCloser, err error) {
			if err != nil {
				errLabel.SetText(err.Error())
				return
			}
			if rc == nil {
				return
			}
			data, err := io.ReadAll(io.LimitReader(rc, 4<<20))
			rc.Close()
			if err != nil {
				errLabel.SetText(err.Error())
				return
			}
			entry.SetText(string(data))
			open(string(data))
		}, w)
		fd.Show()
	})
	openBtn := widget.NewButtonWithIcon(lang.L("Open the game"), theme.ConfirmIcon(), func() { open(entry.Text) })
	openBtn.Importance = widget.HighImportance
	body := container.NewBorder(nil, container.NewVBox(errLabel, container.NewGridWithColumns(2, touchable(fileBtn), touchable(openBtn))), nil, nil, entry)
	d = dialog.NewCustom(lang.L("Open a game"), lang.L("Cancel"), body, w)
	d.Resize(fyne.NewSize(min(560, w.Canvas().Size().Width), min(460, w.Canvas().Size().Height)))
	d.Show()
}

// gameSaver writes the unfinished game to Progress off the Fyne goroutine
// (the file is synced to disk), one write at a time, the newest last.
type gameSaver struct {
	p       *tutor.Progress
	mu      sync.Mutex
	wg      sync.WaitGroup
	pending *tutor.SavedGame
	has     bool
	running bool
}

func (s *gameSaver) save(sg *tutor.SavedGame) {
	if s.p == nil {
		return
	}
	s.mu.Lock()
	s.pending, s.has = sg, true
	start := !s.running
	if start {
		s.running = true
		s.wg.Add(1)
	}
	s.mu.Unlock()
	if start {
		go s.loop()
	}
}

func (s *gameSaver) loop() {
	defer s.wg.Done()
	for {
		s.mu.Lock()
		if !s.has {
			s.running = false
			s.mu.Unlock()
			return
		}
		sg := s.pending
		s.has = false
		s.mu.Unlock()
		s.p.SaveGame(sg)
	}
}

func (s *gameSaver) wait() { s.wg.Wait() }

// minWidth is a layout that gives its objects at least width w.
type minWidth struct{ w float32 }

func (l *minWidth) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (l *minWidth) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	s.Width = max(s.Width, l.w)
	return s
}
