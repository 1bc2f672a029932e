import Brokerage
import Risk
import StrategyKit
import Trading

extension LiveRunner {
    /// Places a group's legs in one broker call; each leg's outcome comes back as its own
    /// placement's would.
    func placeGroup(_ orderClass: OrderClass, _ legs: [EngineAction.GroupLeg], _ requests: inout Requests) {
        guard let venue = legs.first?.order.venue else { return }
        let group = OrderGroup(orderClass: orderClass, legs: legs.map(\.order.request))
        placementsInFlight.update { $0 += 1 }
        requests.addTask { [broker, inbox, now, placementsInFlight, board = monitor?.board] in
            defer { placementsInFlight.update { $0 -= 1 } }
            do throws(BrokerError) {
                let statuses = try await broker.placeGroup(group, venue: venue)
                board?.count(.init(endpoint: "place", outcome: "ok"))
                for (leg, status) in zip(legs, statuses) {
                    inbox.post(.event(.placed(leg.client, status, at: now())))
                }
            } catch {
                board?.count(.init(endpoint: "place", outcome: LiveRunner.outcome(of: error)))
                for leg in legs { inbox.post(.event(LiveRunner.placeFailure(leg.client, error, at: now()))) }
            }
        }
    }

    /// Amends order `orderID` in place; the broker's new order is the placement of `clientID`.
    func replace(_ orderID: OrderID, on venue: Venue, as clientID: ClientOrderID, _ approved: ApprovedOrder, _ requests: inout Requests) {
        let request = approved.request
        let price = request.trigger?.stopPrice ?? (request.type.isPriced ? request.price : nil)
        placementsInFlight.update { $0 += 1 }
        requests.addTask { [broker, inbox, now, placementsInFlight, board = monitor?.board] in
            defer { placementsInFlight.update { $0 -= 1 } }
            do throws(BrokerError) {
                let status = try await broker.replace(venue: venue, symbol: request.symbol, id: orderID, price: price, qty: request.qty)
                board?.count(.init(endpoint: "replace", outcome: "ok"))
                inbox.post(.event(.placed(clientID, status, at: now())))
            } catch {
                board?.count(.init(endpoint: "replace", outcome: LiveRunner.outcome(of: error)))
                inbox.post(.event(LiveRunner.placeFailure(clientID, error, at: now())))
            }
        }
    }
}
