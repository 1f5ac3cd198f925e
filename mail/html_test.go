package mail

import "testing"

// TestHTMLToText checks that an HTML mail is read as a mail program shows
// it: one line per block, source line breaks as spaces, <pre> kept,
// entities decoded, quoted replies left out.
func TestHTMLToText(t *testing.T) {
	for _, tc := range []struct{ name, html, want string }{
		{"blocks", "<div>GAME g</div><div>SIDE CSA</div>", "\nGAME g\n\nSIDE CSA\n"},
		{"br", "<p>STACK a<br>FACE N<br/>END</p>", "\nSTACK a\nFACE N\nEND\n"},
		{"source breaks", "<div>STACK Ames&rsquo;\n   Brigade</div>", "\nSTACK Ames\u2019 Brigade\n"},
		{"entities", "<div>A &amp; B &lt;C&gt; &#8220;D&#8221; &quot;E&quot; &#39;F&#39;&nbsp;G</div>", "\nA & B <C> \u201cD\u201d \"E\" 'F' G\n"},
		{"pre", "<pre>GAME g\n  FACE N\n</pre>x", "GAME g\n  FACE N\n\nx"},
		{"blockquote", "<div>keep</div><blockquote>old<blockquote>older</blockquote>old again</blockquote><div>keep too</div>", "\nkeep\n\nkeep too\n"},
		{"stray close", "a</blockquote>b", "ab"},
		{"unclosed quote", "a<blockquote>b", "a"},
		{"style", "<head><title>t</title></head><style>p{}</style><p>x</p>", "\nx\n"},
	} {
		if got := htmlToText(tc.html); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}
