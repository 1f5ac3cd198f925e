package mail

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"os"
)

// TLSOptions say how a mail server's certificate is checked. Verification
// is always on. Without CAFile the system's roots are used (which the
// SSL_CERT_FILE and SSL_CERT_DIR environment variables can replace).
type TLSOptions struct {
	// CAFile is a PEM file of extra roots, such as a private CA's
	// certificate; they are trusted besides the system's.
	CAFile string
	// ServerName is the name the certificate must carry, when it is not
	// the host in the address (a certificate for mail.example.org used
	// through 127.0.0.1).
	ServerName string
}

// config builds the TLS configuration for a server at host.
func (o TLSOptions) config(host string) (*tls.Config, error) {
	cfg := &tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}
	if o.ServerName != "" {
		cfg.ServerName = o.ServerName
	}
	if o.CAFile != "" {
		pem, err := os.ReadFile(o.CAFile)
		if err != nil {
			return nil, fmt.Errorf("CA file: %w", err)
		}
		pool, err := x509.SystemCertPool()
		if err != nil {
			pool = x509.NewCertPool()
		}
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("CA file %s holds no PEM certificate", o.CAFile)
		}
		cfg.RootCAs = pool
	}
	return cfg, nil
}

// tlsProblem says what is wrong when err is a certificate or handshake
// failure, and "" otherwise, so that a bad certificate is not reported as
// a failed login.
func tlsProblem(err error) string {
	var verify *tls.CertificateVerificationError
	var unknown x509.UnknownAuthorityError
	var host x509.HostnameError
	var invalid x509.CertificateInvalidError
	var rec tls.RecordHeaderError
	var alert tls.AlertError
	switch {
	case errors.As(err, &verify), errors.As(err, &unknown), errors.As(err, &host), errors.As(err, &invalid):
		return "TLS certificate not accepted (see ca_file and server_name)"
	case errors.As(err, &rec), errors.As(err, &alert):
		return "TLS handshake failed"
	}
	return ""
}
