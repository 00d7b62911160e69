package widgets

// Test access to the texts of the screens, for the language tests.

import "fyne.io/fyne/v2"

// LessonTexts returns what a lesson view says about its step: the step's
// title, its explanation and its goal line.
func LessonTexts(o fyne.CanvasObject) (title, explain, goal string) {
	if v, ok := o.(*lessonView); ok {
		return v.step.Text, v.explain.Text, v.goal.Text
	}
	return "", "", ""
}
