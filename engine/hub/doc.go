// Package hub speaks the Hub protocol (version 2, as used by the Scan
// draughts engine and the Hub GUI) on a pair of streams, so that the
// engine can be used from draughts GUIs and tournament managers.
package hub
