import Wire

extension ExchangeError {
    /// The response body was not the JSON the call promises: `undecodable`, with the reader's
    /// reason and byte offset.
    init(_ error: JSONReadError) {
        self = .undecodable(error.description)
    }
}
