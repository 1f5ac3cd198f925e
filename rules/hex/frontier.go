package hex

// item is an open hex: its cost so far, the key it is ordered by (the cost
// plus any estimate of the cost still to come) and seq, the count of
// pushes when it was pushed.
type item struct {
	at        Axial
	key, cost int
	seq       int
}

// before orders items by key, then the one with more cost behind it (the
// nearer to the goal, for A*), then first pushed first.
func (it item) before(o item) bool {
	if it.key != o.key {
		return it.key < o.key
	}
	if it.cost != o.cost {
		return it.cost > o.cost
	}
	return it.seq < o.seq
}

// frontier is a binary min-heap of items. It is container/heap without the
// interface, so pushing an item does not allocate.
type frontier []item

func (f *frontier) push(it item) {
	*f = append(*f, it)
	h := *f
	for i := len(h) - 1; i > 0; {
		p := (i - 1) / 2
		if !h[i].before(h[p]) {
			break
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
}

func (f *frontier) pop() item {
	h := *f
	top, last := h[0], len(h)-1
	h[0] = h[last]
	*f = h[:last]
	h.down(0)
	return top
}

// down moves the item at i down to its place.
func (f frontier) down(i int) {
	for {
		least, l, r := i, 2*i+1, 2*i+2
		if l < len(f) && f[l].before(f[least]) {
			least = l
		}
		if r < len(f) && f[r].before(f[least]) {
			least = r
		}
		if least == i {
			return
		}
		f[i], f[least] = f[least], f[i]
		i = least
	}
}
