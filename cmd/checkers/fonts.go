package main

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// dropEmojiFont keeps Fyne from loading its colour emoji font. Fyne 2.7
// parses the bundled EmojiOneColor.otf (4.1 MB) as a fallback face for
// every text style it measures, about 4.7 MB of heap each (regular and
// bold: over 9 MB), and reading it also makes its 4 MB of the binary
// resident. None of the app's texts has an emoji, so the resource's content
// is swapped for Fyne's own 8 kB symbol font, which also carries the "→" of
// the rating line that the bundled Noto Sans lacks (so the browser build,
// which has no system fonts, still draws it). Fyne offers no setting for
// this (only the no_emoji build tag, which every build command would need);
// the resource is a *fyne.StaticResource, so its content can be replaced
// before the first text is measured. It must run before any window is
// built; it does nothing when the build has no emoji font.
func dropEmojiFont() {
	emoji, ok := theme.DefaultEmojiFont().(*fyne.StaticResource)
	if !ok || emoji == nil {
		return
	}
	symbols := theme.DefaultSymbolFont()
	emoji.StaticName = symbols.Name()
	emoji.StaticContent = symbols.Content()
}
