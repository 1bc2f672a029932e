import MatchingEngine
import Quoting
@_spi(Host) import StrategyKit
import Wire

extension Marketplace {
    /// `GET /v2/account`: cash, buying power and equity at the positions' mark prices.
    func alpacaAccount(_ account: Account) throws(AlpacaFailure) -> [UInt8] {
        try withAlpaca(account) { alpaca, listing, time throws(AlpacaFailure) -> [UInt8] in
            // `withAlpaca` opened the account.
            let state = alpaca.accounts[account]!
            var longValue = Money.zero
            for (symbol, position) in state.positions {
                let mark = listing.tape.markPrice(symbol, listing.exchange.quote(symbol, at: time))
                longValue += mark.map { $0 * position.qty } ?? position.costBasis
            }
            var json = JSONWriter(capacity: 1_024)
            json.alpacaAccount(
                state, longValue: longValue, buyingPower: alpaca.buyingPower(of: account), startingCash: alpaca.configuration.startingCash)
            return json.bytes
        }
    }

    /// `GET /v2/positions` (every position, by symbol) and `GET /v2/positions/{symbol}` (one,
    /// 404 when the account holds none).
    func alpacaPositions(_ account: Account, only symbol: Symbol? = nil) throws(AlpacaFailure) -> [UInt8] {
        try withAlpaca(account) { alpaca, listing, time throws(AlpacaFailure) -> [UInt8] in
            let positions = alpaca.accounts[account]?.positions ?? [:]
            if let symbol, positions[symbol] == nil { throw .notFound("position does not exist") }
            var json = JSONWriter(capacity: 64 + 800 * positions.count)
            if symbol == nil { json.raw("[") }
            for (index, entry) in positions.sorted(by: { $0.key.rawValue < $1.key.rawValue }).enumerated() where symbol == nil || entry.key == symbol {
                if index > 0, symbol == nil { json.raw(",") }
                let average = Price(units: entry.value.costBasis.units / max(1, entry.value.qty.shares))
                let current = listing.tape.markPrice(entry.key, listing.exchange.quote(entry.key, at: time)) ?? average
                let days = listing.tape.dailyBars(entry.key, at: time.nanoseconds)
                let lastDay = days.previous?.close ?? days.today?.open ?? current
                json.alpacaPosition(
                    entry.key, entry.value, available: alpaca.availableQty(entry.key, of: account), current: current, lastDay: lastDay)
            }
            if symbol == nil { json.raw("]") }
            return json.bytes
        }
    }

    /// `GET /v2/account/activities/FILL`: the account's fills, newest first unless
    /// `direction=asc`, filtered by `date` (a UTC day), `after` and `until`, `page_size` (at most
    /// 100) at a time from after the fill whose id is `page_token`.
    func alpacaFillActivities(_ account: Account, query: AlpacaQuery) throws(AlpacaFailure) -> [UInt8] {
        let ascending = try query.choice("direction", ["asc", "desc"], default: "desc") == "asc"
        let pageSize = try query.int("page_size", in: 1...100, default: 100)
        var after = try query.time("after")
        var until = try query.time("until")
        if let date = try query.time("date") {
            after = Timestamp(nanoseconds: date.nanoseconds - 1)
            until = Timestamp(nanoseconds: date.nanoseconds + Timestamp.nanosecondsPerDay)
        }
        let token = query["page_token"]
        let page = try withAlpaca(account) { alpaca, _, _ throws(AlpacaFailure) -> [AlpacaFillActivity] in
            let fills = alpaca.accounts[account]?.activities ?? []
            var ordered = (ascending ? fills : fills.reversed()).filter { fill in
                (after.map { fill.time > $0 } ?? true) && (until.map { fill.time < $0 } ?? true)
            }[...]
            if let token {
                guard let index = ordered.firstIndex(where: { $0.id == token }) else {
                    throw .invalid("page_token \(token) is not the id of one of this account's fills")
                }
                ordered = ordered[(index + 1)...]
            }
            return Array(ordered.prefix(pageSize))
        }
        var json = JSONWriter(capacity: 64 + 400 * page.count)
        json.array(page) { $0.alpacaFillActivity($1) }
        return json.bytes
    }

    /// `GET /v2/clock`: always open without a session (the next open and close are then the next
    /// midnight UTC), else the session's state and its next open and close.
    func alpacaClock() throws(AlpacaFailure) -> [UInt8] {
        try withAlpaca(nil) { alpaca, _, time throws(AlpacaFailure) -> [UInt8] in
            let now = time.nanoseconds
            let session = alpaca.configuration.session
            let midnight = time.startOfUTCDay.nanoseconds + Timestamp.nanosecondsPerDay
            var json = JSONWriter()
            json.raw("{")
            json.timeMember("timestamp", time)
            json.boolMember("is_open", session?.isOpen(at: now) ?? true)
            json.timeMember("next_open", Timestamp(nanoseconds: session?.nextOpen(after: now) ?? midnight))
            json.timeMember("next_close", Timestamp(nanoseconds: session?.nextClose(after: now) ?? midnight))
            json.raw("}")
            return json.bytes
        }
    }

    /// `GET /v2/assets` (filtered by `status`, `asset_class`, `exchange`) and
    /// `GET /v2/assets/{symbol_or_id}` (404 for an unknown one): the market's stocks, tradable,
    /// then the configured directory's other entries, not tradable.
    func alpacaAssets(query: AlpacaQuery, only symbolOrID: String? = nil) throws(AlpacaFailure) -> [UInt8] {
        let (stocks, directory) = try withAlpaca(nil) { alpaca, listing, _ throws(AlpacaFailure) -> ([ListedStock], [DirectoryEntry]) in
            (listing.stocks, alpaca.configuration.directory)
        }
        let listed = Set(stocks.map(\.symbol.rawValue))
        let assets = stocks.map(AlpacaAsset.init) + directory.filter { !listed.contains($0.symbol) }.map(AlpacaAsset.init)
        var json = JSONWriter(capacity: 64 + 400 * assets.count)
        if let symbolOrID {
            guard let asset = assets.first(where: { $0.isNamed(symbolOrID) }) else { throw .notFound("asset not found for \(symbolOrID)") }
            asset.write(to: &json)
            return json.bytes
        }
        let matches = (query["status"] ?? "active") == "active" && (query["asset_class"] ?? "us_equity") == "us_equity"
        let exchange = query["exchange"]
        json.array(matches ? assets.filter { exchange == nil || $0.exchange == exchange } : []) { $1.write(to: &$0) }
        return json.bytes
    }
}
