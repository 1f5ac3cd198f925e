package mail_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"io"
	"log"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-smtp"

	"galloper/mail"
)

// privateCA makes a CA and a certificate it signs for mail.example.test
// (not for 127.0.0.1), as an operator's private CA would; it writes the
// CA's certificate to a PEM file and returns the file and the server's
// TLS configuration.
func privateCA(t *testing.T) (caFile string, server *tls.Config) {
	t.Helper()
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	caTmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "Galloper test CA"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(time.Hour), IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageCertSign}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	ca, _ := x509.ParseCertificate(caDER)
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "mail.example.test"},
		DNSNames: []string{"mail.example.test"}, NotBefore: now.Add(-time.Hour), NotAfter: now.Add(time.Hour),
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}, KeyUsage: x509.KeyUsageDigitalSignature}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca, &key.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	caFile = filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(caFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER}), 0o644); err != nil {
		t.Fatal(err)
	}
	return caFile, &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}}
}

// startTLSServers starts an IMAP server and an SMTP server on loopback
// that offer STARTTLS with cfg, and require it before login.
func startTLSServers(t *testing.T, cfg *tls.Config) (imapAddr, smtpAddr string) {
	t.Helper()
	mem := imapmemserver.New()
	u := imapmemserver.NewUser("gm", "pw")
	u.Create("INBOX", nil)
	mem.AddUser(u)
	is := imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return mem.NewSession(), nil, nil
		},
		Caps:      imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}},
		TLSConfig: cfg,
		Logger:    log.New(io.Discard, "", 0), // the refused handshakes are the point
	})
	iln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go is.Serve(iln)
	t.Cleanup(func() { is.Close() })
	ss := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return nopSession{}, nil }))
	ss.Domain, ss.TLSConfig = "mail.example.test", cfg
	sln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go ss.Serve(sln)
	t.Cleanup(func() { ss.Close() })
	return iln.Addr().String(), sln.Addr().String()
}

type nopSession struct{}

func (nopSession) Mail(string, *smtp.MailOptions) error { return nil }
func (nopSession) Rcpt(string, *smtp.RcptOptions) error { return nil }
func (nopSession) Data(io.Reader) error                 { return nil }
func (nopSession) Reset()                               {}
func (nopSession) Logout() error                        { return nil }

// With the private CA's file and the certificate's name, Galloper logs in
// over STARTTLS to IMAP (port 143 style) and SMTP through 127.0.0.1;
// without them, the failure is reported as a certificate problem of the
// right protocol, not as a failed login.
func TestPrivateCAAndServerName(t *testing.T) {
	caFile, srvTLS := privateCA(t)
	imapAddr, smtpAddr := startTLSServers(t, srvTLS)
	ctx := context.Background()
	opts := mail.TLSOptions{CAFile: caFile, ServerName: "mail.example.test"}
	in := mail.NewIntake(mail.IMAPConfig{Addr: imapAddr, StartTLS: true, TLSOptions: opts, Username: "gm", Password: "pw"}, nil, time.Now, nil)
	if err := in.Check(ctx); err != nil {
		t.Fatalf("IMAP STARTTLS with the private CA: %v", err)
	}
	s := mail.NewSender(mail.SMTPConfig{Addr: smtpAddr, StartTLS: true, TLSOptions: opts, From: gm}, nil, time.Now, nil)
	if err := s.Check(ctx); err != nil {
		t.Fatalf("SMTP STARTTLS with the private CA: %v", err)
	}
	for _, bad := range []mail.TLSOptions{{ServerName: "mail.example.test"}, {CAFile: caFile}} {
		in := mail.NewIntake(mail.IMAPConfig{Addr: imapAddr, StartTLS: true, TLSOptions: bad, Username: "gm", Password: "pw"}, nil, time.Now, nil)
		err := in.Check(ctx)
		if err == nil || !strings.HasPrefix(err.Error(), "imap connect") || !strings.Contains(err.Error(), "TLS certificate not accepted") {
			t.Errorf("IMAP with %+v: %v; want an IMAP certificate error", bad, err)
		}
		s := mail.NewSender(mail.SMTPConfig{Addr: smtpAddr, StartTLS: true, TLSOptions: bad, Username: "gm", Password: "pw", From: gm}, nil, time.Now, nil)
		err = s.Check(ctx)
		if err == nil || !strings.HasPrefix(err.Error(), "smtp connect") || !strings.Contains(err.Error(), "TLS certificate not accepted") {
			t.Errorf("SMTP with %+v: %v; want an SMTP certificate error", bad, err)
		}
	}
}
