import Brokerage

extension AlpacaError {
    /// This failure as a broker failure, with the same description: the API's refusals are
    /// rejections; a lost placement and a failure after sending may have taken effect; the
    /// rest (no connection, 429, 5xx of a read, an undecodable answer) cannot have.
    public var brokerError: BrokerError {
        switch self {
        case .unauthorized, .forbidden, .notFound, .unprocessable: return .rejected(description)
        case .outcomeUnknown: return .outcomeUnknown(description)
        case .transport(let error) where error.mayHaveReachedServer: return .outcomeUnknown(description)
        case .transport, .rateLimited, .server, .undecodable: return .notActedOn(description)
        }
    }
}
