package gbacw
import ("testing";"os";"fmt";"strings")
func TestZZNeigh(t *testing.T){
	data,_ := os.ReadFile("testdata/field.yaml")
	sc, _ := LoadScenario("field", data)
	s := sc.start.clone()
	for _, h := range strings.Fields(os.Getenv("HEXES")) {
		a := s.axial(h); var o []string
		for d:=0; d<6; d++ { o = append(o, fmt.Sprintf("%d:%s", d, s.hexID(a.Neighbor(d)))) }
		t.Log(h, o)
	}
}
