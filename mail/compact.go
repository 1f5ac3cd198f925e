package mail

import (
	"bytes"
	"io"
	"strings"

	"github.com/emersion/go-message"
)

// StoredMapNote replaces a map attachment in the stored copy of a mail
// that has been sent.
const StoredMapNote = "This map went out with the mail and is not kept in Galloper's database.\r\n" +
	"`galloper replay` and `galloper render` draw it again from the game's journal.\r\n"

// StoredGuideNote replaces the player's guide attachment in the stored
// copy of a mail that has been sent.
const StoredGuideNote = "The player's guide went out with the mail and is not kept in Galloper's database.\r\n" +
	"It is part of Galloper: a HELP command mails it again.\r\n"

// CompactSent returns the copy of a sent mail that the outbox keeps: the
// mail as sent, with each map attachment (the inline PNG and the zipped
// SVG, named "map-...") and the player's guide ("guide-...") replaced by
// a short text part that says how to have it again. The maps are most of
// a report mail's weight and can be rendered from the journal at any
// time; the guide is text built into Galloper. ok is false when the mail
// has neither or cannot be read, and then raw is kept as it is.
func CompactSent(raw []byte) (out []byte, ok bool) {
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil && !message.IsUnknownCharset(err) && !message.IsUnknownEncoding(err) {
		return raw, false
	}
	if e == nil || !hasMap(raw) {
		return raw, false
	}
	var b bytes.Buffer
	w, err := message.CreateWriter(&b, e.Header)
	if err != nil {
		return raw, false
	}
	if err := copyWithoutMaps(w, e); err != nil {
		return raw, false
	}
	if err := w.Close(); err != nil {
		return raw, false
	}
	return b.Bytes(), true
}

// hasMap is a cheap test for a map or guide attachment before parsing
// the mail.
func hasMap(raw []byte) bool {
	for _, p := range []string{"map-", "guide-"} {
		if bytes.Contains(raw, []byte(`filename="`+p)) || bytes.Contains(raw, []byte("filename="+p)) {
			return true
		}
	}
	return false
}

// storedNote tells a map or guide attachment by its file name and returns
// the note that stands for it in the stored copy, or "".
func storedNote(h message.Header) string {
	_, params, err := h.ContentDisposition()
	name := params["filename"]
	if err != nil {
		_, params, _ = h.ContentType()
		name = params["name"]
	}
	switch {
	case strings.HasPrefix(name, "map-"):
		return StoredMapNote
	case strings.HasPrefix(name, "guide-"):
		return StoredGuideNote
	}
	return ""
}

// copyWithoutMaps writes e's body into w (created with e's header),
// part by part for a multipart entity.
func copyWithoutMaps(w *message.Writer, e *message.Entity) error {
	mr := e.MultipartReader()
	if mr == nil {
		_, err := io.Copy(w, e.Body)
		return err
	}
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if note := storedNote(p.Header); note != "" {
			if err := writeNote(w, p.Header, note); err != nil {
				return err
			}
			continue
		}
		pw, err := w.CreatePart(p.Header)
		if err != nil {
			return err
		}
		if err := copyWithoutMaps(pw, p); err != nil {
			return err
		}
		if err := pw.Close(); err != nil {
			return err
		}
	}
}

// writeNote writes the text part that stands for a map or guide
// attachment; it keeps the attachment's name (with ".txt") and Content-ID.
func writeNote(w *message.Writer, orig message.Header, note string) error {
	_, params, _ := orig.ContentDisposition()
	name := params["filename"]
	var h message.Header
	h.SetContentType("text/plain", map[string]string{"charset": "utf-8"})
	h.SetContentDisposition("attachment", map[string]string{"filename": name + ".txt"})
	if id := orig.Get("Content-Id"); id != "" {
		h.Set("Content-Id", id)
	}
	h.Set("Content-Transfer-Encoding", "7bit")
	pw, err := w.CreatePart(h)
	if err != nil {
		return err
	}
	if _, err := io.WriteString(pw, note); err != nil {
		return err
	}
	return pw.Close()
}
