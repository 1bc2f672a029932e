import StrategyKit

extension RecordedEvent {
    /// This event as read from a version-1 recording, whose prices are integer cents, with its
    /// prices converted exactly to `Price`'s units (version 2's); the reason, naming the price,
    /// when one is beyond `Price.maxAccepted` once converted. Readers call it for version-1
    /// files only, so version 2 pays nothing for it.
    func convertedFromCents() -> Result<RecordedEvent, CentsRefusal> {
        do throws(CentsRefusal) {
            switch self {
            case .book(var book):
                try Self.convert(&book.bids, side: "bids")
                try Self.convert(&book.asks, side: "asks")
                return .success(.book(book))
            case .placed(let client, var status, let time):
                try Self.convert(&status, field: "order")
                return .success(.placed(client, status, time: time))
            case .orderReports(var statuses, let time):
                try Self.convert(&statuses)
                return .success(.orderReports(statuses, time: time))
            case .accountOrders(var statuses, let venue, let symbol, let requestedAt, let time):
                try Self.convert(&statuses)
                return .success(.accountOrders(statuses, venue: venue, symbol: symbol, requestedAt: requestedAt, time: time))
            case .place(let client, var request, let strategy, let time):
                request.price = try Self.price(request.price, field: "request.price")
                return .success(.place(client, request, strategy: strategy, time: time))
            case .fill(var fill):
                fill.price = try Self.price(fill.price, field: "fill.price")
                return .success(.fill(fill))
            case .placeRejected, .placeOutcomeUnknown, .cancelFailed, .timer, .start, .stop, .cancel, .tradingStateChanged, .trade, .session, .filing,
                 .replace:
                return .success(self)
            }
        } catch {
            return .failure(error)
        }
    }

    /// A version-1 price beyond `Price.maxAccepted` once converted to units.
    struct CentsRefusal: Error {
        /// `field: value is out of range 0...10000000 (cents, recording version 1)`.
        var reason: String
    }

    /// The highest price a version-1 recording may hold, in its cents.
    static var maxCents: Int64 { Price.maxAccepted.units / Price.unitsPerCent }

    /// `field: value is out of range 0...10000000 (cents, recording version 1)`.
    static func centsRefusal(_ field: String, _ cents: Int64) -> String {
        "\(field): \(cents) is out of range 0...\(maxCents) (cents, recording version 1)"
    }

    /// `cents`, read as units by the decoders, converted to units.
    private static func price(_ cents: Price, field: @autoclosure () -> String) throws(CentsRefusal) -> Price {
        guard (0...maxCents).contains(cents.units) else {
            throw CentsRefusal(reason: centsRefusal(field(), cents.units))
        }
        return Price(cents: cents.units)
    }

    private static func convert(_ entries: inout [BookEntry], side: String) throws(CentsRefusal) {
        for index in entries.indices {
            entries[index].price = try price(entries[index].price, field: "\(side)[\(index)].price")
        }
    }

    private static func convert(_ status: inout OrderStatus, field: String) throws(CentsRefusal) {
        status.price = try price(status.price, field: "\(field).price")
        for index in status.fills.indices {
            status.fills[index].price = try price(status.fills[index].price, field: "\(field).fills[\(index)].price")
        }
    }

    private static func convert(_ statuses: inout [OrderStatus]) throws(CentsRefusal) {
        for index in statuses.indices {
            try convert(&statuses[index], field: "orders[\(index)]")
        }
    }
}

extension RecordingHeader {
    /// `event`, read from record `record` of the recording at `path` with this header, with its
    /// prices in `Price`'s units: unchanged from a current file, converted from a version-1
    /// file's cents, or refused naming the price beyond `Price.maxAccepted`.
    @inline(__always)
    func inUnits(_ event: RecordedEvent, path: String, record: Int) throws(BacktestError) -> RecordedEvent {
        guard version == 1 else { return event }
        switch event.convertedFromCents() {
        case .success(let converted): return converted
        case .failure(let refusal): throw .malformedRecord(path: path, record: record, reason: refusal.reason)
        }
    }
}
