package mail

// SetAfterFetch makes in call f after it has fetched each batch of mail,
// before the batch is stored.
func SetAfterFetch(in *Intake, f func()) { in.afterFetch = f }

// SetAfterHandle makes p call f after it has processed each mail.
func SetAfterHandle(p *Processor, f func()) { p.afterHandle = f }
