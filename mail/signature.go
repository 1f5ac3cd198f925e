package mail

import (
	"regexp"
	"strings"
)

// clientSignature matches the line a mail program adds below what its user
// typed, with no "-- " separator above it: "Sent from my iPhone" (iPad,
// Android, Samsung Galaxy smartphone, ...), "Sent from Outlook for iOS",
// "Get Outlook for Android", "Sent from Mail for Windows", "Sent from
// Yahoo Mail on Android", "Sent with Proton Mail secure email" and the
// usual translations of the iPhone one. Links the program puts in the
// line ("Get Outlook for iOS<https://aka.ms/o0ukef>") are removed before
// matching.
var clientSignature = regexp.MustCompile(`(?i)^(sent from my [\p{L}\p{N} .,&'()/-]{2,60}` +
	`|sent from (outlook|mail|yahoo mail|aol|gmail|proton ?mail)( (for|on) [\p{L}\p{N} ]{2,30})?` +
	`|sent with proton ?mail( secure email)?|get outlook for (ios|android)` +
	`|von meinem \S+( \S+)? gesendet|envoy[ée] de mon \S+( \S+)?|enviado desde mi \S+( \S+)?|inviato da \S+ \S+)\.?$`)

// signatureLink matches a link a mail program writes into its signature
// line in plain text: "<https://aka.ms/o0ukef>".
var signatureLink = regexp.MustCompile(`<(https?|mailto):[^>]*>`)

// cutClientSignature returns text up to its first unquoted line that is a
// mail program's signature (see clientSignature). What follows such a line
// is the program's, not the player's: the quoted mail being replied to,
// with its "On ..., ... wrote:" line, in plain text or turned from HTML.
// Text without such a line is returned as it is.
func cutClientSignature(text string) string {
	off := 0
	for _, l := range strings.SplitAfter(text, "\n") {
		t := strings.TrimSpace(signatureLink.ReplaceAllString(l, ""))
		if t != "" && len(t) <= 100 && clientSignature.MatchString(t) {
			return text[:off]
		}
		off += len(l)
	}
	return text
}
