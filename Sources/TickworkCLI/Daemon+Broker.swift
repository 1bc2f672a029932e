import Alpaca
import Brokerage
import CommandLineKit
import Lifecycle
import Live
import SimulatedMarket
import StockFighter
import StrategyKit

extension Daemon {
    /// The broker of the configured API, checked to be answering: StockFighter's venue
    /// heartbeat, or Alpaca's clock. `venueServer` is the embedded exchange, if any, whose
    /// address stands in for the base URLs.
    func makeBroker(venueServer: VenueServer?) throws -> any Broker {
        let exchange = configuration.exchange
        switch exchange.api {
        case .stockFighter:
            let baseURL = exchange.baseURL ?? "http://\(venueServer!.address)/ob/api"
            let client = try ExchangeClientFactory.make(
                baseURL: baseURL, configuration: configuration, keyOptional: venueServer != nil, logger: logger.forPart("exchange"))
            do {
                _ = try runBlocking { try await client.heartbeat(venue: exchange.venue) }
            } catch {
                throw CLIError.failure("exchange \(baseURL): venue \(exchange.venue) is not answering: \(error)")
            }
            let stream = exchange.stream
                ? try ExchangeClientFactory.streamEndpoint(baseURL: baseURL, configuration: configuration, keyOptional: venueServer != nil) : nil
            return StockFighterBroker(client: client, account: exchange.account, stream: stream)
        case .alpaca(let settings):
            let client = try AlpacaClientFactory.make(
                configuration: configuration, settings: settings, embedded: venueServer.map { "http://\($0.address)" },
                logger: logger.forPart("exchange"))
            do {
                let clock = try runBlocking { try await client.clock() }
                logger.forPart("exchange").info("alpaca", ["marketOpen": String(clock.isOpen), "nextOpen": clock.nextOpen.iso8601])
            } catch {
                throw CLIError.failure("alpaca is not answering: \(error)")
            }
            return AlpacaBroker(
                client: client, account: exchange.account, symbols: configuration.symbols,
                settings: AlpacaBroker.Settings(extendedHours: settings.extendedHours, clientOrderPrefix: configuration.clientOrderPrefix))
        }
    }

    /// For Alpaca, refuses to trade on a ledger whose orders were placed with another client
    /// order prefix than this configuration's: the ledger is another configuration's, and its
    /// orders would be taken for strangers (and cancelled) or a stranger's for ours.
    func checkLedgerPrefix(_ broker: any Broker, recorded: Set<OrderID>) throws {
        guard let alpaca = broker as? AlpacaBroker, !recorded.isEmpty else { return }
        guard let order = try runBlocking({ try await alpaca.orderOfAnotherPrefix(among: recorded) }) else { return }
        let theirs = order.clientOrderID.count > 37 ? String(order.clientOrderID.dropLast(37)) : order.clientOrderID
        throw CLIError.failure("""
            \(configuration.ledger.path): the ledger's order \(order.id) was placed as \(order.clientOrderID), not with this \
            configuration's client order prefix \(alpaca.settings.clientOrderPrefix)-: the ledger is another configuration's \
            (give this one a ledger of its own), or set exchange.clientOrderPrefix to "\(theirs)" to go on with it
            """)
    }
}
