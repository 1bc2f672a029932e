/// How a broker call failed, sorted by what the broker may have done with it: the runner books
/// a placement as rejected only when the broker certainly did not act on it, and settles it
/// from the account's orders when it may have.
///
/// The rule every adapter sorts its failures by: once a placement may have reached the broker,
/// only an answer that refuses it is `rejected` (or `notActedOn`, for a refusal that changes
/// nothing, such as 429); everything else from there on is `outcomeUnknown` — a time-out, a
/// connection lost, a 5xx (a gateway may answer so after the broker acted), an answer that
/// cannot be read, a lookup that found nothing followed by a refused resend, and any failure
/// to read what the order did once it was created. `notActedOn` is for failures before the
/// request could have arrived (no connection, TLS, an unusable address) and for reads, which
/// change nothing.
///
/// Each case carries the adapter's own description of the failure (naming the call or endpoint
/// at fault), which `description` returns unchanged.
public enum BrokerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The broker answered and refused the call (a bad order, an unknown symbol or order, a key
    /// without the right): it did not act, and the same call would be refused again.
    case rejected(String)
    /// The call failed where the broker cannot have acted on it (no connection, a request never
    /// fully sent, an unusable address) or with an answer that is an error, not an order.
    case notActedOn(String)
    /// The request may have reached the broker and taken effect, but no usable answer came
    /// back (a time-out or a connection lost after sending).
    case outcomeUnknown(String)

    public var description: String {
        switch self {
        case .rejected(let message), .notActedOn(let message), .outcomeUnknown(let message): return message
        }
    }
}
