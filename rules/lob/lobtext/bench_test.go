package lobtext

import (
	"fmt"
	"strings"
	"testing"
)

// bigFile returns an order file of n orders in the style players write:
// mixed case, tabs, quoted reply text and smart quotes.
func bigFile(n int) string {
	var b strings.Builder
	b.WriteString("> Last turn you wrote:\r\n> ORDER MOVE from A to B\r\n\r\ngame tanners-1\r\nSIDE CSA\r\nTURN 3\r\nPASSWORD tulip-47\r\n\r\n")
	for i := range n {
		fmt.Fprintf(&b, "ORDER %s from Bragg to Hood\u2019s Div %d\r\n", []string{"MOVE", "attack"}[i%2], i)
		fmt.Fprintf(&b, "\tobjective A%d.%02d\r\n", i%40, i%30)
		fmt.Fprintf(&b, "\tROUTE Mill Road, A%d.7, b3.%d, Pitzer's Schoolhouse\r\n", i%20, i%9)
		b.WriteString("\tWHEN 1 hour after Hood attacks\r\n")
		b.WriteString("\tFOR Cleburne: lead the column, guns behind\r\n")
		b.WriteString("\tINTENT \u201cSeize the ford before the Yankees do,\r\n\tINTENT then hold it until relieved.\u201d\r\n")
		b.WriteString("END\r\n\r\n")
	}
	b.WriteString("-- \r\nEd\r\n")
	return b.String()
}

func TestBigFile(t *testing.T) {
	f, probs := Parse(bigFile(50))
	if len(probs) != 0 || len(f.Orders) != 50 {
		t.Fatalf("%d orders, problems %+v", len(f.Orders), probs)
	}
}

func BenchmarkParse(b *testing.B) {
	text := bigFile(2000)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		Parse(text)
	}
}

func BenchmarkFormat(b *testing.B) {
	f, _ := Parse(bigFile(2000))
	b.ReportAllocs()
	for b.Loop() {
		Format(f)
	}
}
