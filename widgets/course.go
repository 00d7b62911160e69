package widgets

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/checkerstutor/checkers/tutor"
)

// NewLessonsScreen returns the list of courses (English first) and their
// lessons. Each lesson shows its stars once finished, how far the learner
// got once started, and a lock while the lesson before it is not finished
// (the first lesson is always open, and every lesson of a finished course
// stays open). Tapping an open lesson pushes the lesson view; leaving it
// brings the list up to date.
func NewLessonsScreen(s *Services) fyne.CanvasObject {
	c := &coursesScreen{s: s, box: container.NewVBox()}
	c.courses, c.err = tutor.Courses()
	c.ExtendBaseWidget(c)
	c.refresh()
	return c
}

// coursesScreen is the lessons list.
type coursesScreen struct {
	widget.BaseWidget
	s       *Services
	courses []*tutor.Course
	err     error
	box     *fyne.Container
	rows    []*lessonRow
}

// CreateRenderer is part of fyne.Widget.
func (c *coursesScreen) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewVScroll(container.NewPadded(c.box)))
}

// refresh rebuilds the list from the learner's progress.
func (c *coursesScreen) refresh() {
	c.box.RemoveAll()
	c.rows = nil
	if c.err != nil {
		c.box.Add(wrapped(lang.L("The lessons could not be loaded.") + " " + c.err.Error()))
		return
	}
	lng := languageOf(c.s)
	for _, course := range c.courses {
		ct := course.Localized(lng)
		c.box.Add(heading(ct.Title))
		if ct.Description != "" {
			c.box.Add(wrapped(ct.Description))
		}
		done := c.s.Progress != nil && c.s.Progress.CourseDone(course.ID)
		prevDone := true
		for i, l := range course.Lessons {
			var rec tutor.LessonRecord
			if c.s.Progress != nil {
				rec = c.s.Progress.Lesson(course.ID, l.ID)
			}
			open := i == 0 || prevDone || done || rec.Done || started(rec)
			prevDone = rec.Done
			r := newLessonRow(c, course, l, i+1, rec, open)
			c.rows = append(c.rows, r)
			c.box.Add(r)
		}
	}
	c.box.Refresh()
}

func (c *coursesScreen) open(course *tutor.Course, id string) {
	openLesson(c.s, course, id, false, c.refresh)
}

// lessonRow is one lesson in the list: a button the size of the row,
// under its number or lock, title, progress and stars.
type lessonRow struct {
	widget.BaseWidget
	course *tutor.Course
	lesson *tutor.Lesson
	locked bool
	stars  int
	button *actionButton
	box    *fyne.Container
}

func newLessonRow(c *coursesScreen, course *tutor.Course, l *tutor.Lesson, n int, rec tutor.LessonRecord, open bool) *lessonRow {
	lt := l.Localized(languageOf(c.s))
	r := &lessonRow{course: course, lesson: l, locked: !open, stars: lessonStars(rec, len(l.Steps))}
	r.button = newActionButton("", nil, func() { c.open(course, l.ID) }, nil)
	if r.locked {
		r.button.Disable()
	}
	var lead fyne.CanvasObject
	switch {
	case r.locked:
		img := canvas.NewImageFromResource(theme.NewColoredResource(lockResource, theme.ColorNamePlaceHolder))
		img.FillMode = canvas.ImageFillContain
		img.SetMinSize(fyne.NewSquareSize(22))
		lead = img
	case rec.Done:
		lead = widget.NewIcon(theme.NewColoredResource(theme.ConfirmIcon(), theme.ColorNameSuccess))
	default:
		lead = widget.NewLabelWithStyle(lang.L("{{.N}}.", map[string]any{"N": n}), fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	}
	title := wrapped(lt.Title)
	title.TextStyle.Bold = true
	sub := lang.N("{{.N}} steps", len(l.Steps), map[string]any{"N": len(l.Steps)})
	switch {
	case r.locked:
		sub = lang.L("Finish the previous lesson to open this one.")
	case !rec.Done && started(rec):
		doneSteps := 0
		for _, st := range rec.Steps {
			if st.Done {
				doneSteps++
			}
		}
		sub = lang.N("{{.Done}} of {{.N}} steps done", len(l.Steps), map[string]any{"Done": doneSteps, "N": len(l.Steps)})
	}
	detail := wrapped(sub)
	detail.SizeName = theme.SizeNameCaptionText
	var trail fyne.CanvasObject = layoutSpacer()
	if rec.Done {
		row := newStarRow(20)
		row.set(r.stars, 3)
		trail = container.NewCenter(row)
	}
	r.box = container.NewStack(r.button, container.NewBorder(nil, nil, container.NewCenter(lead), trail,
		container.NewVBox(title, detail)))
	r.ExtendBaseWidget(r)
	return r
}

// CreateRenderer is part of fyne.Widget.
func (r *lessonRow) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(r.box) }

func layoutSpacer() fyne.CanvasObject {
	return canvas.NewRectangle(color.Transparent)
}
