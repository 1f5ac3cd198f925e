package adjudicator

import (
	"fmt"
	"strings"

	"github.com/ProtonMail/go-crypto/openpgp"
	"github.com/ProtonMail/go-crypto/openpgp/clearsign"
	"github.com/ProtonMail/go-crypto/openpgp/packet"

	"galloper/adjudicator/store"
)

// Players who registered an OpenPGP public key may clearsign their mails
// (gpg --clearsign): a good signature by the side's key authenticates the
// mail on its own, whoever it came from and whatever address it was sent
// to. The signed text is what counts; anything outside the signed block is
// ignored.

// clearsigned returns the first clearsigned block in a mail's text, or nil.
func clearsigned(text string) *clearsign.Block {
	if !strings.Contains(text, "-----BEGIN PGP SIGNED MESSAGE-----") {
		return nil
	}
	b, _ := clearsign.Decode([]byte(strings.ReplaceAll(text, "\r\n", "\n")))
	return b
}

// signedBy reports whether b carries a good signature by p's key.
func (a *Adjudicator) signedBy(b *clearsign.Block, p store.Player) bool {
	if b == nil || p.PGPKey == "" {
		return false
	}
	ring, err := openpgp.ReadArmoredKeyRing(strings.NewReader(p.PGPKey))
	if err != nil {
		a.log.Warn("stored OpenPGP key does not parse", "game", p.GameID, "side", p.Side, "err", err)
		return false
	}
	_, err = b.VerifySignature(ring, &packet.Config{Time: a.now})
	return err == nil
}

// checkKey validates an armored public key given for a new player.
func checkKey(side, key string) error {
	if key == "" {
		return nil
	}
	ring, err := openpgp.ReadArmoredKeyRing(strings.NewReader(key))
	if err != nil || len(ring) == 0 {
		return fmt.Errorf("OpenPGP key for %s: not an armored public key (%v)", side, err)
	}
	return nil
}
