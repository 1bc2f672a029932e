import FoundationEssentials
import HTTP
import StrategyKit
import Wire

/// The game master's API over HTTP: `POST /gm/levels/:level[?seed=N]` starts an instance, `GET
/// /gm/instances/:id` says where it stands, `POST /gm/instances/:id/stop|restart|resume|judge`
/// acts on it; every call needs the `X-Starfighter-Authorization` key, and refusals are
/// `{"ok":false,"error":...}` as in the rest of the API.
struct GameMasterRouter: Sendable {
    let gameMaster: GameMaster

    /// Whether `path` is the game master's, under `/gm/`.
    static func serves(_ path: Substring) -> Bool { path.hasPrefix("/gm/") }

    /// The response to `request`: the call's JSON with 200, or the refusal.
    func respond(to request: HTTPRequest) -> HTTPResponse {
        do throws(APIFailure) {
            return VenueRouter.json(200, try route(request))
        } catch {
            return VenueRouter.failure(error.status, error.message)
        }
    }

    private func route(_ request: HTTPRequest) throws(APIFailure) -> [UInt8] {
        let parts = request.pathSegments
        let key = request.headers["X-Starfighter-Authorization"]
        switch (parts.count, request.method) {
        case (3, "POST") where parts[1] == "levels":
            return Self.started(try gameMaster.start(parts[2], seed: try Self.seed(request), key: key))
        case (3, "GET") where parts[1] == "instances":
            return Self.status(try gameMaster.record(try Self.id(parts[2]), key: key))
        case (4, "POST") where parts[1] == "instances":
            let id = try Self.id(parts[2])
            switch parts[3] {
            case "stop":
                try gameMaster.stop(id, key: key)
                return Array(#"{"ok":true}"#.utf8)
            case "restart": return Self.started(try gameMaster.restart(id, seed: try Self.seed(request), key: key))
            case "resume": return Self.started(try gameMaster.live(id, key: key))
            case "judge": return Self.status(try gameMaster.judge(id, accusing: try Self.accused(request.body), key: key))
            default: throw Self.noSuchPath(request)
            }
        default:
            throw Self.noSuchPath(request)
        }
    }

    private static func noSuchPath(_ request: HTTPRequest) -> APIFailure {
        .notFound("No such game master endpoint: \(request.method) \(request.path).")
    }

    private static func id(_ text: Substring) throws(APIFailure) -> Int {
        guard let id = Int(text), id > 0 else { throw .notFound("No instance \(text).") }
        return id
    }

    /// The account a judge request accuses: its body's `account` (the game's body also carries
    /// `explanation_link` and `executive_summary`, which the judge does not read).
    private static func accused(_ body: [UInt8]) throws(APIFailure) -> Account {
        struct Accusation: Decodable { var account: String }
        guard let accusation = try? JSONDecoder().decode(Accusation.self, from: Data(body)), !accusation.account.isEmpty else {
            throw .badRequest("The judge needs a JSON body naming the accused: {\"account\": \"ABC123456\", ...}.")
        }
        return Account(accusation.account)
    }

    /// The `seed` query parameter, when given: a whole number.
    private static func seed(_ request: HTTPRequest) throws(APIFailure) -> UInt64? {
        guard let query = request.query else { return nil }
        for pair in query.split(separator: "&") where pair.hasPrefix("seed=") {
            guard let seed = UInt64(pair.dropFirst(5)) else { throw .badRequest("seed must be a whole number, got \(pair.dropFirst(5)).") }
            return seed
        }
        return nil
    }

    /// The answer to a start, restart or resume: the instance's account, venue, stock,
    /// instructions and day length.
    static func started(_ instance: GameInstance) -> [UInt8] {
        let record = instance.record
        let level = record.level
        var json = JSONWriter(style: .shortEscapes)
        json.raw(#"{"ok":true,"instanceId":"#)
        json.int(Int64(record.id))
        json.raw(#","account":"#)
        json.string(instance.account.rawValue)
        json.raw(#","venues":["#)
        json.string(instance.venue.rawValue)
        json.raw(#"],"tickers":["#)
        json.string(level.symbol.rawValue)
        json.raw(#"],"instructions":{"Instructions":"#)
        json.string(level.instructions)
        json.raw(#","Order Types":"#)
        json.string(Level.orderTypesInstructions)
        json.raw(#"},"secondsPerTradingDay":"#)
        json.int(level.dayLength.components.seconds)
        json.raw(#","balances":{"USD":0}}"#)
        return json.bytes
    }

    /// The answer to `GET /gm/instances/:id`: the state, the day, the flash, and as our
    /// extensions the revealed target and the judge's verdict with its figures.
    static func status(_ record: GameRecord) -> [UInt8] {
        var json = JSONWriter(style: .shortEscapes)
        json.raw(#"{"ok":true,"done":"#)
        json.bool(record.done)
        json.raw(#","id":"#)
        json.int(Int64(record.id))
        json.raw(#","state":"#)
        json.string(record.state.rawValue)
        json.raw(#","details":{"tradingDay":"#)
        json.int(Int64(record.tradingDay))
        json.raw(#","endOfTheWorldDay":"#)
        json.int(Int64(record.level.days))
        if let target = record.verdict.targetPriceCents {
            json.raw(#","targetPriceCents":"#)
            json.int(target)
        }
        json.raw(#","verdict":"#)
        json.levelVerdict(record.verdict)
        let flash = record.flash
        json.raw(#"},"flash":{""#)
        json.raw(flash.kind)
        json.raw(#"":"#)
        json.string(flash.text)
        json.raw("}}")
        return json.bytes
    }
}
