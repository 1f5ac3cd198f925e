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

// CompactSent returns the copy of a sent mail that the outbox keeps: the
// mail as sent, with each map attachment (the inline PNG and the zipped
// SVG, named "map-...") replaced by a short text part that says how to
// draw it again. The maps are most of a report mail's weight and can be
// rendered from the journal at any time. ok is false when the mail has no
// map or cannot be read, and then raw is kept as it is.
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

// hasMap is a cheap test for a map attachment before parsing the mail.
func hasMap(raw []byte) bool {
	return bytes.Contains(raw, []byte(`filename="map-`)) || bytes.Contains(raw, []byte("filename=map-"))
}

// isMap tells a map attachment by its file name.
func isMap(h message.Header) bool {
	_, params, err := h.ContentDisposition()
	if err != nil {
		_, params, _ = h.ContentType()
		return strings.HasPrefix(params["name"], "map-")
	}
	return strings.HasPrefix(params["filename"], "map-")
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
		if isMap(p.Header) {
			if err := writeNote(w, p.Header); err != nil {
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

// writeNote writes the text part that stands for a map attachment; it
// keeps the attachment's name (with ".txt") and Content-ID.
func writeNote(w *message.Writer, orig message.Header) error {
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
	if _, err := io.WriteString(pw, StoredMapNote); err != nil {
		return err
	}
	return pw.Close()
}
