import Brokerage

extension ExchangeError {
    /// This failure as a broker failure, with the same description: the exchange's refusals
    /// (`rejected`, `unauthorized`, `notFound`) are rejections; a lost placement, a time-out or
    /// a connection lost after sending may have taken effect; every other failure cannot have.
    public var brokerError: BrokerError {
        switch self {
        case .outcomeUnknown: return .outcomeUnknown(description)
        case .rejected, .unauthorized, .notFound: return .rejected(description)
        default: return mayHaveReachedServer ? .outcomeUnknown(description) : .notActedOn(description)
        }
    }
}
