package mail

import "testing"

// TestDecodeFlowed checks format=flowed decoding against RFC 3676: soft
// breaks joined, DelSp honoured, space-stuffing undone, the signature
// separator kept apart, quote depth respected.
func TestDecodeFlowed(t *testing.T) {
	for _, tc := range []struct {
		name  string
		in    string
		delSp bool
		want  string
	}{
		{"soft break", "  INTENT Seize the mill before the \r\nYankees do.\r\nEND\r\n", false,
			" INTENT Seize the mill before the Yankees do.\nEND\n"},
		{"stuffed indent", "   FOR Ames' Brigade: lead the \r\ncolumn, guns behind\r\n", false,
			"  FOR Ames' Brigade: lead the column, guns behind\n"},
		{"delsp", "ROUTE Mill Road,  \r\nA8.6\r\n", true, "ROUTE Mill Road, A8.6\n"},
		{"delsp mid-word", "ROUTE Mill Ro \r\nad\r\n", true, "ROUTE Mill Road\n"},
		{"no delsp keeps the space", "ROUTE Mill Road, \r\nA8.6\r\n", false, "ROUTE Mill Road, A8.6\n"},
		{"hard breaks stay", "GAME tc-1\r\nSIDE CSA\r\n", false, "GAME tc-1\nSIDE CSA\n"},
		{"signature separator", "END \r\n-- \r\nEd Porter\r\n", false, "END \n-- \nEd Porter\n"},
		{"signature after hard break", "END\r\n-- \r\nEd \r\nPorter\r\n", false, "END\n-- \nEd Porter\n"},
		{"quoted", "> Galloper received \r\n> your orders\r\nGAME tc-1\r\n", false, "> Galloper received your orders\nGAME tc-1\n"},
		{"quote depth change ends the paragraph", "> a \r\n>> b\r\nc\r\n", false, "> a \n>> b\nc\n"},
		{"stuffed From", " From the mill\r\n", false, "From the mill\n"},
		{"empty quoted line", ">\r\n> x\r\n", false, ">\n> x\n"},
		{"no final break", "a \r\nb", false, "a b"},
	} {
		if got := decodeFlowed(tc.in, tc.delSp); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}
