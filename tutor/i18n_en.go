package tutor

// The English messages: the reference every other catalogue translates.
// Placeholders: {square}, {squares} (a list), {move}, {side}, {owner},
// {turn}, {winner}, {loser}, {hunter}, {lone} (names of sides), {variant},
// {n} (a count that picks the singular or plural form), and other counts.
func init() {
	catalogues[LangEnglish] = catalogue{
		"word.and": {other: "and"},
		"word.or":  {other: "or"},

		"colour.white": {other: "White"},
		"colour.black": {other: "Black"},
		"colour.red":   {other: "Red"},

		"variant.english":       {other: "English checkers"},
		"variant.russian":       {other: "Russian draughts"},
		"variant.international": {other: "International draughts"},

		"number.0": {other: "zero"},
		"number.1": {other: "one"},
		"number.2": {other: "two"},
		"number.3": {other: "three"},
		"number.4": {other: "four"},
		"number.5": {other: "five"},

		// Why an attempted move is not legal (Words.IllegalMessage).
		"illegal.off-board":            {other: "That is off the board."},
		"illegal.light-square":         {other: "Pieces stay on the dark squares."},
		"illegal.no-piece":             {other: "There is no piece on {square}."},
		"illegal.not-your-piece":       {other: "The piece on {square} is {owner}'s, and it is {turn}'s turn."},
		"illegal.same-square":          {other: "The piece has to move to another square."},
		"illegal.not-diagonal":         {other: "Pieces move along the diagonals only, and {square} is not on a diagonal from there."},
		"illegal.occupied":             {other: "Square {square} is not empty."},
		"illegal.man-backward":         {other: "A man moves forward only, and {square} is behind it: only kings move backward."},
		"illegal.king-too-far":         {other: "In {variant} a king moves one square at a time."},
		"illegal.man-too-far":          {other: "A man moves one square at a time, or jumps over a piece next to it."},
		"illegal.path-blocked":         {other: "The king cannot pass {squares}: the way is not free."},
		"illegal.jump-own":             {other: "A piece cannot jump its own side's piece on {square}."},
		"illegal.must-capture":         {other: "A capture is available on {square}: capturing is compulsory."},
		"illegal.must-capture-many":    {other: "Captures are available on {squares}: capturing is compulsory."},
		"illegal.must-continue.man":    {other: "The capture is not finished: the man must jump again, to {squares}."},
		"illegal.must-continue.king":   {other: "The capture is not finished: the king must jump again, to {squares}."},
		"illegal.must-take-most":       {other: "You must take the most pieces: a capture of {most} is possible, and this one takes {taken}."},
		"illegal.jumped-twice":         {other: "The piece on {square} has already been jumped: a piece is jumped only once."},
		"illegal.man-capture-backward": {other: "In {variant} a man captures forward only, so it cannot jump the piece on {square}."},
		"illegal.king-must-land":       {other: "The king must land where it can capture again: on {squares}."},
		"illegal.crowning-ends-move":   {other: "The man is crowned on {square} and the move ends there."},
		"illegal.not-capturing":        {other: "After a jump only more jumps may follow, and the step to {square} captures nothing."},
		"illegal.other":                {other: "That move is not legal here."},

		// Hints.
		"hint.look.man":    {other: "Look at the man on {square}."},
		"hint.look.king":   {other: "Look at the king on {square}."},
		"hint.goes-to":     {other: "It goes to {square}."},
		"hint.captures-to": {other: "It can capture and land on {square}."},
		"hint.play":        {other: "Play {move}."},

		// What an exercise asks (Words.GoalText).
		"goal.win":         {other: "Win."},
		"goal.gain":        {one: "Win a piece.", other: "Win {n} pieces."},
		"goal.capture-all": {other: "Find every capture ({n})."},
		"goal.crown":       {one: "Crown a man within {n} move.", other: "Crown a man within {n} moves."},
		"goal.reach":       {one: "Bring a piece to {square} within {n} move.", other: "Bring a piece to {square} within {n} moves."},
		"goal.draw":        {other: "Hold the draw."},
		"goal.any":         {other: "Make {kind}."},
		"goal.game":        {other: "Play a game against the computer (level {level})."},

		"kind.quiet":         {other: "a move without a capture"},
		"kind.capture":       {other: "a capture"},
		"kind.king":          {other: "a king move"},
		"kind.man":           {other: "a move with a man"},
		"kind.crowning":      {other: "a move that crowns a man"},
		"kind.multi-capture": {other: "a capture of two pieces or more"},
		"kind.any":           {other: "any move"},

		// Answers to the learner's moves in lessons and puzzles.
		"feedback.repeated":        {other: "You found {move} already. Look for another one."},
		"feedback.found":           {other: "Yes! That is {found} of {total}."},
		"feedback.alternative":     {other: "Another winning move: also correct!"},
		"feedback.go-on":           {other: "Good. Go on!"},
		"feedback.go-on-reply":     {other: "Good. {side} answers {move}. Go on!"},
		"feedback.solved":          {other: "Solved!"},
		"feedback.unjudged":        {other: "That move may be fine, but this step looks for another one. Try again."},
		"feedback.unjudged-puzzle": {other: "That move may be fine, but the engine cannot tell in time. Try the move you are surest of."},

		// Why a legal move is wrong.
		"wrong.kind":     {other: "That move is allowed, but this step asks for {kind}."},
		"wrong.no-goal":  {other: "That move does not reach the goal. Try another one."},
		"wrong.captures": {one: "After that, {side} captures a piece with {move}. Try again.", other: "After that, {side} captures {n} pieces with {move}. Try again."},
		"wrong.crown":    {other: "After that, {side} answers {move} and no man can be crowned in time. Try again."},
		"wrong.reach":    {other: "After that, {side} answers {move} and {square} is out of reach. Try again."},
		"wrong.draw":     {other: "After that, {side} plays {move} and wins. Try again."},
		"wrong.win":      {other: "After that, {side} answers {move} and the win is gone. Try again."},

		// The review after a game.
		"review.mistake": {other: "Move {number} ({move}) {loss}; {best} was better."},
		"loss.win":       {other: "let a win slip away"},
		"loss.several":   {other: "lost several men"},
		"loss.two":       {other: "lost about two men"},
		"loss.one":       {other: "lost about a man"},
		"loss.part":      {other: "gave away part of a man"},

		// The AI's answer to a draw offer.
		"draw-offer.accepted": {other: "{side} accepts the draw: the position is level."},
		"draw-offer.declined": {other: "{side} declines the draw and plays on."},

		// The state of a game (Words.StatusText).
		"status.win.no-pieces": {other: "{winner} wins: {loser} has no pieces left."},
		"status.win.no-moves":  {other: "{winner} wins: {loser} cannot move — every {loser:lower} piece is blocked."},
		"status.win.resigned":  {other: "{winner} wins: {loser} resigned."},
		"status.win":           {other: "{winner} wins."},
		"status.draw":          {other: "Draw: {why}."},
		"status.to-move":       {other: "{side} to move."},
		"status.must-capture":  {other: "{side} must capture."},
		"status.bare-kings":    {one: "A king each: {n} more move and the game is drawn.", other: "A king each: {n} more moves and the game is drawn."},

		"draw.agreement":      {other: "the players agreed to a draw"},
		"draw.repetition":     {other: "the same position appeared {times} times with the same player to move"},
		"draw.quiet-moves":    {other: "{n} moves each without a capture or a man moving (the {n}-move rule)"},
		"draw.move-limit":     {other: "{n} moves each were played"},
		"draw.kings-only":     {other: "{n} moves each with only kings moving and no capture"},
		"draw.piece-count":    {other: "{n} moves each without a capture or a new king, with {pieces} pieces on the board"},
		"draw.lone-king":      {other: "{hunter} could not capture the lone {lone:lower} king within {n} moves"},
		"draw.lone-king-each": {other: "{hunter} could not capture the lone {lone:lower} king within {n} moves each"},
		"draw.bare-kings":     {other: "only a king each was left, and neither could win within {n} moves"},
		"draw.long-diagonal":  {other: "the lone {lone:lower} king held the long diagonal and {hunter} could not capture it within {n} moves"},
		"draw.other":          {other: "the game is drawn"},

		"countdown.quiet-moves":    {one: "{n} more move each without a capture or a man moving and the game is drawn.", other: "{n} more moves each without a capture or a man moving and the game is drawn."},
		"countdown.kings-only":     {one: "{n} more move each with only kings moving and no capture and the game is drawn.", other: "{n} more moves each with only kings moving and no capture and the game is drawn."},
		"countdown.piece-count":    {one: "{n} more move each without a capture or a new king and the game is drawn.", other: "{n} more moves each without a capture or a new king and the game is drawn."},
		"countdown.move-limit":     {one: "{n} more move each and the game is drawn by the move limit.", other: "{n} more moves each and the game is drawn by the move limit."},
		"countdown.long-diagonal":  {one: "{hunter} has {n} more move to capture the lone {lone:lower} king on the long diagonal, or the game is drawn.", other: "{hunter} has {n} more moves to capture the lone {lone:lower} king on the long diagonal, or the game is drawn."},
		"countdown.lone-king-each": {one: "{n} more move each for {hunter} to capture the lone {lone:lower} king, or the game is drawn.", other: "{n} more moves each for {hunter} to capture the lone {lone:lower} king, or the game is drawn."},
		"countdown.lone-king":      {one: "{hunter} has {n} more move to capture the lone {lone:lower} king, or the game is drawn.", other: "{hunter} has {n} more moves to capture the lone {lone:lower} king, or the game is drawn."},

		"reason.no-pieces":     {other: "no pieces left"},
		"reason.no-moves":      {other: "no legal move"},
		"reason.resignation":   {other: "resignation"},
		"reason.agreement":     {other: "agreement"},
		"reason.repetition":    {other: "repetition"},
		"reason.quiet-moves":   {other: "40-move rule"},
		"reason.move-limit":    {other: "move limit"},
		"reason.kings-only":    {other: "only kings moved"},
		"reason.three-kings":   {other: "lone king against three"},
		"reason.small-ending":  {other: "lone king in a small ending"},
		"reason.piece-count":   {other: "no capture or promotion"},
		"reason.long-diagonal": {other: "lone king on the long diagonal"},

		"achievement.first-capture":    {other: "First capture"},
		"achievement.first-king":       {other: "First king"},
		"achievement.first-win":        {other: "First win against the computer"},
		"achievement.first-lesson":     {other: "First lesson completed"},
		"achievement.first-puzzle":     {other: "First puzzle solved"},
		"achievement.puzzle-streak-10": {other: "Ten puzzles in a row"},
		"achievement.three-stars":      {other: "Three stars on a step"},
		"achievement.course":           {other: "Course completed: {course}"},

		"player.computer": {other: "Computer (level {level})"},

		"progress.notice":     {other: "Your saved progress could not be read: {why}. It was kept as {backup}, and you start afresh."},
		"progress.damaged":    {other: "it is damaged"},
		"progress.newer":      {other: "it was written by a newer version of the app (file version {file}, this app reads {app})"},
		"progress.no-version": {other: "it has no version"},
	}
}
