/// What a quote source made of one symbol in one round.
public enum QuoteOutcome: Sendable, Hashable {
    /// The symbol's quote.
    case quote(DayQuote)
    /// The source does not know the symbol.
    case unknown
    /// Not asked this round: the source's rate limit, or its back-off after being told to slow
    /// down, left no call for it. The caller keeps showing the last quote it had, with its age.
    case deferred
    /// Asking failed.
    case failed(QuoteError)
}
