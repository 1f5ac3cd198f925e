package mail

import "testing"

// TestCutClientSignature checks that a mail program's signature line and
// the reply it quotes below are cut, and nothing else.
func TestCutClientSignature(t *testing.T) {
	orders := "GAME tc-1\nSIDE CSA\nEND\n"
	for _, sig := range []string{
		"Sent from my iPhone", "Sent from my iPad", "Sent from my Android", "sent from my Samsung Galaxy smartphone.",
		"Sent from my Galaxy", "Sent from my BlackBerry 10 smartphone.", "Sent from Outlook for iOS",
		"Get Outlook for iOS<https://aka.ms/o0ukef>", "Get Outlook for Android<https://aka.ms/AAb9ysg>",
		"Sent from Mail<https://go.microsoft.com/fwlink/?LinkId=550986> for Windows", "Sent from Yahoo Mail on Android",
		"Sent from Yahoo Mail for iPhone", "Sent from Outlook", "Sent with Proton Mail secure email.",
		"Von meinem iPhone gesendet", "Envoyé de mon iPhone", "Enviado desde mi iPhone", "  Sent from my iPhone  ",
	} {
		text := orders + "\n" + sig + "\n\n> On 3 Mar 2026, at 09:30, Galloper <gm@example.org> wrote:\n>\n> <div>old</div>\nunquoted tail\n"
		if got := cutClientSignature(text); got != orders+"\n" {
			t.Errorf("%q: got %q", sig, got)
		}
	}
	for _, keep := range []string{
		"Sent via Longstreet's courier", "> Sent from my iPhone", "INTENT Sent from my iPhone", "Sent from my",
	} {
		text := orders + keep + "\nSTACK Barton\n"
		if got := cutClientSignature(text); got != text {
			t.Errorf("%q was taken for a signature: %q", keep, got)
		}
	}
}
