package mail

import (
	"bytes"
	"fmt"
)

// DefaultMaxSize is the largest mail Galloper reads when imap.max_size is
// not set: 10 MiB.
const DefaultMaxSize = 10 << 20

// LimitSize returns raw as it is when it is at most limit bytes long (or
// DefaultMaxSize when limit is 0); otherwise only its header, marked with
// OversizeHeader as intake marks a mail too big to fetch, so that the mail
// is not read and its sender is told why.
func LimitSize(raw []byte, limit int64) []byte {
	if limit <= 0 {
		limit = DefaultMaxSize
	}
	if int64(len(raw)) <= limit {
		return raw
	}
	header := raw
	if i := bytes.Index(raw, []byte("\r\n\r\n")); i >= 0 {
		header = raw[:i+4]
	} else if i := bytes.Index(raw, []byte("\n\n")); i >= 0 {
		header = raw[:i+2]
	}
	if int64(len(header)) > limit {
		header = nil // no header worth keeping: the sender cannot be told
	}
	return append(fmt.Appendf(nil, "%s: %d %d\r\n", OversizeHeader, len(raw), limit), header...)
}
