package widgets

import (
	"fmt"
	"io"
	"math"
	"sort"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/puzzles"
	"github.com/checkerstutor/checkers/tutor"
)

// customPacks are the packs the learner added, kept while the app runs.
var customPacks struct {
	mu    sync.Mutex
	packs map[*Services][]*puzzles.Pack
}

// allPacks returns the bundled packs and the learner's own, for variant v
// (nil: every variant).
func allPacks(s *Services, v *engine.Variant) []*puzzles.Pack {
	bundled, _ := puzzles.Bundled()
	customPacks.mu.Lock()
	all := append(bundled, customPacks.packs[s]...)
	customPacks.mu.Unlock()
	var out []*puzzles.Pack
	for _, pk := range all {
		if v == nil || pk.Variant == v {
			out = append(out, pk)
		}
	}
	return out
}

// addCustomPack keeps pk for the screens of s, replacing an added pack of
// the same id. A pack whose id is a bundled pack's is refused.
func addCustomPack(s *Services, pk *puzzles.Pack) error {
	bundled, _ := puzzles.Bundled()
	for _, b := range bundled {
		if b.ID == pk.ID {
			return fmt.Errorf(lang.L("%s: the pack id %q is taken by a pack that comes with the app; choose another id"), pk.File, pk.ID)
		}
	}
	customPacks.mu.Lock()
	defer customPacks.mu.Unlock()
	if customPacks.packs == nil {
		customPacks.packs = map[*Services][]*puzzles.Pack{}
	}
	list := customPacks.packs[s]
	for i, old := range list {
		if old.ID == pk.ID {
			list[i] = pk
			return nil
		}
	}
	customPacks.packs[s] = append(list, pk)
	return nil
}

// NewPuzzlesScreen returns the puzzle trainer's start screen: the
// learner's rating in each variant, the failed puzzles due for review
// today, every pack with how many of its puzzles are solved, and "Add your
// own pack…", which loads a TOML pack file and lists its problems by file
// and line while its good puzzles become playable.
func NewPuzzlesScreen(s *Services) fyne.CanvasObject {
	p := &puzzlesScreen{s: s, box: container.NewVBox(), problems: container.NewVBox()}
	p.scroll = container.NewVScroll(container.NewPadded(p.box))
	p.ExtendBaseWidget(p)
	p.refresh()
	return p
}

// puzzlesScreen is the start screen of the puzzles.
type puzzlesScreen struct {
	widget.BaseWidget
	s        *Services
	box      *fyne.Container
	scroll   *container.Scroll
	problems *fyne.Container // the report on the last pack added
	review   *actionButton
	packRows map[string]*actionButton
	// Problems lists the messages of the last pack added.
	problemTexts []string
	added        string
}

// CreateRenderer is part of fyne.Widget.
func (p *puzzlesScreen) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(p.scroll)
}

func (p *puzzlesScreen) stats(v *engine.Variant) tutor.PuzzleStats {
	if p.s.Progress == nil {
		return tutor.PuzzleStats{Rating: tutor.NewRating()}
	}
	return p.s.Progress.Puzzles(v)
}

// dueReviews counts the failed puzzles of v due by now that are in a
// pack.
func (p *puzzlesScreen) dueReviews(v *engine.Variant, st tutor.PuzzleStats) int {
	keys := map[string]bool{}
	for _, pk := range allPacks(p.s, v) {
		for _, pz := range pk.Puzzles {
			keys[pk.ID+"/"+pz.ID] = true
		}
	}
	now := tutor.SystemClock{}.Now()
	n := 0
	for k, item := range st.Review {
		if keys[k] && !item.Due.After(now) {
			n++
		}
	}
	return n
}

// refresh rebuilds the screen from the progress and the packs: the
// reviews due first, then the packs (the learner's rules and the easiest
// first, so that a new learner starts with the first one), the learner's
// own pack, and the ratings.
func (p *puzzlesScreen) refresh() {
	p.box.RemoveAll()
	p.packRows = map[string]*actionButton{}
	p.review = nil
	ratings := container.NewVBox(heading(lang.L("Your puzzle rating")))
	for _, v := range engine.Variants() {
		packs := allPacks(p.s, v)
		st := p.stats(v)
		if len(packs) == 0 && st.Solved+st.Failed == 0 {
			continue
		}
		text := lang.L("{{.Variant}}: {{.Rating}}", map[string]any{"Variant": tutor.VariantTitle(languageOf(p.s), v), "Rating": int(math.Round(st.Rating.R))})
		line := wrapped(text)
		line.TextStyle.Bold = true
		detail := wrapped(lang.L("{{.Solved}} solved · streak {{.Streak}} (best {{.Best}})",
			map[string]any{"Solved": st.Solved, "Streak": st.Streak, "Best": st.BestStreak}))
		detail.SizeName = theme.SizeNameCaptionText
		ratings.Add(container.NewVBox(line, detail))
		if due := p.dueReviews(v, st); due > 0 || v == engine.English {
			label := lang.L("No puzzles to review today.")
			if due > 0 {
				label = lang.N("Review {{.N}} failed puzzles", due, map[string]any{"N": due})
			}
			vv := v
			b := newActionButton(label, theme.HistoryIcon(), func() { p.open(vv, nil) }, nil)
			if v == engine.English || p.review == nil {
				p.review = b
			}
			if due == 0 {
				b.Disable()
				ratings.Add(b)
				continue
			}
			b.Importance = widget.HighImportance
			p.box.Add(b) // due reviews come first
		}
	}
	p.box.Add(heading(lang.L("Puzzle packs")))
	for _, pk := range p.orderedPacks() {
		p.box.Add(p.packRow(pk))
	}
	p.box.Add(newActionButton(lang.L("Add your own pack…"), theme.FolderOpenIcon(), p.choosePack, nil))
	p.box.Add(p.problems)
	p.box.Add(ratings)
	p.box.Refresh()
}

// orderedPacks lists every pack, those of the learner's rules first, each
// group from the easiest pack to the hardest (by the mean difficulty of
// its puzzles), the learner's own packs last.
func (p *puzzlesScreen) orderedPacks() []*puzzles.Pack {
	packs := allPacks(p.s, nil)
	bundled := map[*puzzles.Pack]bool{}
	if b, err := puzzles.Bundled(); err == nil {
		for _, pk := range b {
			bundled[pk] = true
		}
	}
	want := settingsOf(p.s).Variant
	rank := func(pk *puzzles.Pack) (int, float64) {
		group := 0
		if pk.Variant.Name != want {
			group = 1
		}
		if !bundled[pk] {
			group += 2
		}
		return group, meanDifficulty(pk)
	}
	sort.SliceStable(packs, func(i, j int) bool {
		gi, di := rank(packs[i])
		gj, dj := rank(packs[j])
		if gi != gj {
			return gi < gj
		}
		return di < dj
	})
	return packs
}

// meanDifficulty is the mean difficulty of a pack's puzzles, those without
// one counted as 3 (of 5).
func meanDifficulty(pk *puzzles.Pack) float64 {
	if len(pk.Puzzles) == 0 {
		return 3
	}
	sum := 0
	for _, pz := range pk.Puzzles {
		d := pz.Difficulty
		if d == 0 {
			d = 3
		}
		sum += d
	}
	return float64(sum) / float64(len(pk.Puzzles))
}

func (p *puzzlesScreen) packRow(pk *puzzles.Pack) fyne.CanvasObject {
	lng := languageOf(p.s)
	title, desc := packTitle(pk, lng), pk.Description
	if t, ok := pk.Text[lng]; ok {
		desc = orDefault(t.Description, desc)
	}
	st := p.stats(pk.Variant)
	solved := 0
	for _, pz := range pk.Puzzles {
		if st.Done[pk.ID+"/"+pz.ID] {
			solved++
		}
	}
	b := newActionButton("", nil, func() { p.open(pk.Variant, pk) }, nil)
	if len(pk.Puzzles) == 0 {
		b.Disable()
	}
	p.packRows[pk.ID] = b
	name := wrapped(title)
	name.TextStyle.Bold = true
	count := wrapped(lang.L("{{.Variant}} · {{.Solved}} of {{.N}} solved",
		map[string]any{"Variant": tutor.VariantTitle(lng, pk.Variant), "Solved": solved, "N": len(pk.Puzzles)}))
	count.SizeName = theme.SizeNameCaptionText
	box := container.NewVBox(name)
	if desc != "" {
		d := wrapped(desc)
		d.SizeName = theme.SizeNameCaptionText
		box.Add(d)
	}
	bar := widget.NewProgressBar()
	bar.SetValue(float64(solved) / float64(max(len(pk.Puzzles), 1)))
	bar.TextFormatter = func() string { return "" }
	box.Add(container.NewBorder(nil, nil, nil, nil, count))
	if solved > 0 { // an empty track would look like a full bar
		box.Add(container.New(&fixedHeight{h: 8}, bar))
	}
	return container.NewStack(b, container.NewPadded(box))
}

// packTitle is the title of pack pk in language lng (its own when the
// pack has no translation).
func packTitle(pk *puzzles.Pack, lng string) string {
	if t, ok := pk.Text[lng]; ok {
		return orDefault(t.Title, pk.Title)
	}
	return pk.Title
}

func orDefault(s, def string) string {
	if s != "" {
		return s
	}
	return def
}

func (p *puzzlesScreen) open(v *engine.Variant, pk *puzzles.Pack) {
	openPuzzles(p.s, v, pk, p.refresh)
}

// choosePack asks for a TOML file and adds it.
func (p *puzzlesScreen) choosePack() {
	if p.s.Window == nil {
		return
	}
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			dialog.ShowError(err, p.s.Window)
			return
		}
		if r == nil {
			return // cancelled
		}
		defer r.Close()
		data, err := io.ReadAll(io.LimitReader(r, puzzles.MaxFileSize+1))
		if err != nil {
			p.addPack(r.URI().Name(), nil, err)
			return
		}
		p.addPack(r.URI().Name(), data, nil)
	}, p.s.Window)
	d.SetFilter(storage.NewExtensionFileFilter([]string{".toml"}))
	d.Show()
}

// addPack loads a pack file; its good puzzles join the packs and its
// problems are listed on the screen, one message per line.
func (p *puzzlesScreen) addPack(name string, data []byte, readErr error) {
	var msgs []string
	var pk *puzzles.Pack
	if readErr != nil {
		msgs = append(msgs, fmt.Sprintf("%s: %v", name, readErr))
	} else {
		var errs []error
		pk, errs = puzzles.Load(name, data)
		for _, e := range errs {
			msgs = append(msgs, e.Error())
		}
	}
	var summary string
	switch {
	case pk == nil:
		summary = lang.L("{{.File}} could not be read as a puzzle pack.", map[string]any{"File": name})
	case len(pk.Puzzles) == 0:
		summary = lang.L("{{.File}} has no puzzle that can be played.", map[string]any{"File": name})
	default:
		if err := addCustomPack(p.s, pk); err != nil {
			msgs = append(msgs, err.Error())
			summary = lang.L("{{.File}} was not added.", map[string]any{"File": name})
			break
		}
		summary = lang.N("Added {{.N}} puzzles from {{.File}}.", len(pk.Puzzles), map[string]any{"N": len(pk.Puzzles), "File": name})
	}
	if len(msgs) > 0 {
		summary += " " + lang.L("Problems found: {{.N}}. Puzzles with a problem were left out.", map[string]any{"N": len(msgs)})
	}
	p.added, p.problemTexts = summary, msgs
	p.refresh()
	p.showProblems()
	// The report stands under the packs: bring it into sight.
	p.scroll.Refresh()
	p.scroll.ScrollToOffset(fyne.NewPos(0, p.problems.Position().Y))
}

// showProblems lists the problems of the last pack added in a scrolling
// box.
func (p *puzzlesScreen) showProblems() {
	p.problems.RemoveAll()
	if p.added == "" {
		return
	}
	kind := feedbackSuccess
	if len(p.problemTexts) > 0 {
		kind = feedbackMistake
	}
	banner := newFeedbackBanner()
	banner.set(kind, p.added, 0)
	p.problems.Add(banner)
	if len(p.problemTexts) > 0 {
		list := container.NewVBox()
		for _, m := range p.problemTexts {
			l := wrapped(m)
			l.TextStyle.Monospace = true
			list.Add(l)
		}
		sc := container.NewVScroll(list)
		sc.SetMinSize(fyne.NewSize(0, min(float32(len(p.problemTexts))*56, 240)))
		p.problems.Add(sc)
	}
	p.problems.Refresh()
}

// OpenPuzzles pushes the puzzle view for variant v: the puzzles of pack
// pk, or, when pk is nil, the failed puzzles of every pack of v due for
// review (then new puzzles once the review is done).
func OpenPuzzles(s *Services, v *engine.Variant, pk *puzzles.Pack) {
	openPuzzles(s, v, pk, nil)
}

func openPuzzles(s *Services, v *engine.Variant, pk *puzzles.Pack, left func()) {
	pv, err := newPuzzleView(s, v, pk)
	if err != nil {
		if s.Window != nil {
			dialog.ShowError(err, s.Window)
		} else {
			fyne.LogError("opening puzzles", err)
		}
		return
	}
	pv.left = left
	title := lang.L("Review")
	if pk != nil {
		title = packTitle(pk, languageOf(s))
	}
	s.Nav.Push(title, pv, pv.close)
	pv.focusBoard()
}

// puzzleView is the puzzle trainer: the goal in words, the board with
// the opponent's replies, the feedback, hints, the rating change and the
// streak.
type puzzleView struct {
	widget.BaseWidget
	trainer

	sess   *tutor.PuzzleSession
	review bool // the review queue, not one pack
	words  tutor.Words
	left   func()

	title   *widget.Label
	status  *widget.Label
	goal    *widget.Label
	explain *widget.Label
	retry   *actionButton
	next    *actionButton

	before float64 // the learner's rating when the puzzle opened
	rated  bool    // the rating change of this puzzle is shown
	change string
}

func newPuzzleView(s *Services, v *engine.Variant, pk *puzzles.Pack) (*puzzleView, error) {
	packs := allPacks(s, v)
	if pk != nil {
		packs = []*puzzles.Pack{pk}
	}
	pv := &puzzleView{review: pk == nil}
	board := newTrainingBoard(s, v.StartPosition())
	pv.words = trainingWords(s, board)
	sess, err := tutor.NewPuzzleSession(v, packs, tutor.PuzzleOptions{Words: pv.words, Language: languageOf(s),
		Progress: s.Progress, Solver: solverOf(s)})
	if err != nil {
		return nil, err
	}
	pv.sess = sess
	pv.build(s, board)
	pv.ExtendBaseWidget(pv)
	pv.sess.Next()
	pv.showPuzzle()
	if pv.review && !pv.sess.View().Review {
		pv.banner.set(feedbackInfo, lang.L("No puzzle is due for review today. Here is a new one."), 0)
	}
	return pv, nil
}

func (v *puzzleView) build(s *Services, board *Board) {
	v.goal = wrapped("")
	v.goal.TextStyle.Bold = true
	v.goal.Importance = widget.HighImportance
	v.explain = wrapped("")
	// The verdict comes under the goal, the explanation of a solved
	// puzzle under the verdict.
	v.initTrainer(s, board, []fyne.CanvasObject{v.goal}, v.explain)
	v.board.OnMove = v.onMove
	v.board.OnIllegal = v.onIllegal
	v.board.OnTypedRune = v.key
	v.title = heading("")
	v.status = wrapped("")
	v.status.SizeName = theme.SizeNameCaptionText
	v.hint = newActionButton(lang.L("Hint"), theme.HelpIcon(), v.askHint, v.key)
	v.retry = newActionButton(lang.L("Retry"), theme.MediaReplayIcon(), v.onRetry, v.key)
	v.next = newActionButton(lang.L("Next"), theme.NavigateNextIcon(), v.onNext, v.key)
	buttons := container.NewGridWithColumns(3, v.hint, v.retry, v.next)
	panel := container.NewBorder(container.NewVBox(v.title, v.status), buttons, nil, nil, v.scroll)
	v.root = NewBoardAndPanel(v.board, container.NewPadded(panel))
}

// CreateRenderer is part of fyne.Widget.
func (v *puzzleView) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(v.root) }

func (v *puzzleView) close() {
	v.stop()
	v.sess.Close()
	v.wg.Wait()
	if v.left != nil {
		v.left()
	}
}

func (v *puzzleView) canvas() fyne.Canvas {
	if v.s.Window != nil {
		return v.s.Window.Canvas()
	}
	return nil
}

func (v *puzzleView) focusBoard() {
	if c := v.canvas(); c != nil {
		c.Focus(v.board)
	}
}

// showPuzzle draws the current puzzle afresh.
func (v *puzzleView) showPuzzle() {
	v.gen++
	v.seq.stop()
	v.busy, v.rated, v.change = false, false, ""
	pv := v.sess.View()
	v.before = pv.Rating.R
	title := pv.Title
	if title == "" {
		title = lang.L("Puzzle")
	}
	if pv.Review {
		title = lang.L("Review: {{.Title}}", map[string]any{"Title": title})
	}
	v.title.SetText(title)
	side := v.words.Names.Of(pv.Position.Turn())
	v.goal.SetText(lang.L("{{.Side}} to play. {{.Goal}}", map[string]any{"Side": side, "Goal": pv.Goal}))
	v.explain.SetText("")
	v.explain.Hide()
	v.banner.clear()
	v.board.SetFlipped(pv.Position.Turn() == engine.Black)
	v.board.SetPosition(pv.Position)
	v.board.SetInteractive(true)
	v.hint.Enable()
	v.next.Importance = widget.MediumImportance
	v.next.Refresh()
	v.updateStatus(pv)
	v.scroll.ScrollToTop()
	relayout(v.root)
}

func (v *puzzleView) updateStatus(pv tutor.PuzzleView) {
	text := lang.L("Rating {{.Rating}} · streak {{.Streak}} (best {{.Best}})",
		map[string]any{"Rating": int(math.Round(pv.Rating.R)), "Streak": pv.Streak, "Best": pv.BestStreak})
	if v.change != "" {
		text = v.change + " · " + lang.L("streak {{.Streak}} (best {{.Best}})",
			map[string]any{"Streak": pv.Streak, "Best": pv.BestStreak})
	}
	v.status.SetText(text)
}

// ratingChange is the change of the learner's rating, "+12 → 1512".
func ratingChange(before, after float64) string {
	d := int(math.Round(after)) - int(math.Round(before))
	sign := "+"
	if d < 0 {
		sign, d = "-", -d
	}
	return lang.L("Rating {{.Sign}}{{.D}} → {{.R}}", map[string]any{"Sign": sign, "D": d, "R": int(math.Round(after))})
}

func (v *puzzleView) key(r rune) {
	switch r {
	case 'h', 'H':
		if !v.hint.Disabled() {
			v.askHint()
		}
	case 'r', 'R':
		v.onRetry()
	case 'n', 'N':
		v.onNext()
	}
}

func (v *puzzleView) onMove(m engine.Move) {
	if v.busy || v.sess.View().Solved {
		return
	}
	v.playMove(m, v.sess.Play, v.answer)
}

func (v *puzzleView) answer(before engine.Position, m engine.Move, fb tutor.Feedback, err error) {
	pv := v.sess.View()
	if err != nil {
		v.judgeFailed(err, pv.Position)
		v.restore(pv)
		return
	}
	if !v.rated && (pv.Solved || pv.Failed) && pv.Rating.R != v.before {
		v.rated = true
		v.change = ratingChange(v.before, pv.Rating.R)
	}
	// The rating change goes with a solution found unaided and with a
	// wrong move.
	text := fb.Text
	switch fb.Kind {
	case tutor.FeedbackCorrect, tutor.FeedbackAlternative:
		if fb.Solved && v.change != "" && !pv.Failed {
			text = joinLines(text, v.change)
		}
	case tutor.FeedbackWrong:
		text = joinLines(text, v.change)
	}
	v.verdict(fb, text, 0)
	v.showAnswer(before, m, fb, pv.Position, func() { v.restore(v.sess.View()) })
}

func (v *puzzleView) restore(pv tutor.PuzzleView) {
	v.busy = false
	v.updateStatus(pv)
	if pv.Solved {
		v.board.SetInteractive(false)
		v.hint.Disable()
		if pv.Explanation != "" {
			v.explain.SetText(pv.Explanation)
			v.explain.Show()
			relayout(v.root)
			v.reveal(v.banner)
		}
		v.next.Importance = widget.HighImportance
		v.next.Refresh()
		if c := v.canvas(); c != nil {
			c.Focus(v.next)
		}
		return
	}
	v.board.SetInteractive(true)
}

// onIllegal explains an attempt the board refused.
func (v *puzzleView) onIllegal(from, to Cell) {
	if v.busy {
		return
	}
	p := v.board.GamePosition()
	e := p.Explain(engine.Coord(from), engine.Coord(to))
	v.mistake(v.words.IllegalMessage(&p, e))
}

func (v *puzzleView) askHint() {
	if v.busy || v.sess.View().Solved {
		return
	}
	v.fetchHint(v.sess.Hint, v.showHint)
}

// showHint draws hint h on the board and says it; seeing the whole move
// fails the puzzle, and the rating change is shown at once.
func (v *puzzleView) showHint(h tutor.Hint) {
	showHintOn(v.board, h, nil)
	text := h.Text
	if h.Level == 3 {
		text = joinLines(text, lang.L("Seeing the whole move counts as not solved."))
	}
	v.banner.set(feedbackInfo, text, 0)
	if pv := v.sess.View(); !v.rated && pv.Failed && pv.Rating.R != v.before {
		v.rated = true
		v.change = ratingChange(v.before, pv.Rating.R)
		v.updateStatus(pv)
	}
}

func (v *puzzleView) onRetry() {
	v.sess.Retry()
	rated, change, before := v.rated, v.change, v.before
	v.showPuzzle()
	v.rated, v.change, v.before = rated, change, before
	v.updateStatus(v.sess.View())
	v.focusBoard()
}

func (v *puzzleView) onNext() {
	wasReview := v.sess.View().Review
	pv := v.sess.Next()
	v.showPuzzle()
	if v.review && wasReview && !pv.Review {
		v.banner.set(feedbackInfo, lang.L("All reviews are done for today. Here is a new puzzle."), 0)
	}
	v.focusBoard()
}
