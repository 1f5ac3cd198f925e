package main

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// tokenKeySize is the length of the key that seals reply tokens.
const tokenKeySize = 32

// tokenKeyFile is where the token key is kept: the configured file, or
// next to the database. It is not in the database, so a copy of the
// database alone (a backup, a stolen file) holds no usable reply token.
func (c Config) tokenKeyFile() string {
	if c.TokenKeyFile != "" {
		return c.TokenKeyFile
	}
	return c.Database + ".key"
}

// tokenKey reads the token key from path, creating the file with a fresh
// random key (readable by its owner only) if it does not exist.
func tokenKey(path string) ([]byte, error) {
	key, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		key = make([]byte, tokenKeySize)
		if _, err := rand.Read(key); err != nil {
			return nil, err
		}
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			return nil, fmt.Errorf("token key %s: %w", path, err)
		}
		if _, err := f.Write(key); err != nil {
			f.Close()
			return nil, fmt.Errorf("token key %s: %w", path, err)
		}
		if err := f.Sync(); err != nil {
			f.Close()
			return nil, fmt.Errorf("token key %s: %w", path, err)
		}
		return key, f.Close()
	}
	if err != nil {
		return nil, fmt.Errorf("token key %s: %w", path, err)
	}
	if len(key) != tokenKeySize {
		return nil, fmt.Errorf("token key %s: %d bytes, want %d; restore the file from your backup", path, len(key), tokenKeySize)
	}
	return key, nil
}
