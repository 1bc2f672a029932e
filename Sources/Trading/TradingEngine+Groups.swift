import Risk
@_spi(Host) import StrategyKit

extension TradingEngine {
    /// Places a group of orders: in one request at a venue that keeps groups (every leg
    /// approved first, or none is sent), else followed by the engine (`EngineOrderGroup`).
    func place(_ group: OrderGroup, from index: Int, at now: Timestamp, depth: Int, into actions: inout [EngineAction]) throws {
        let expected = group.orderClass == .bracket ? 3 : 2
        guard group.legs.count == expected else {
            for leg in group.legs {
                try tell(.rejected(leg, reason: Self.invalidGroupReason), to: index, at: now, depth: depth, into: &actions)
            }
            return
        }
        if capabilities.groups {
            try placeNatively(group, from: index, at: now, depth: depth, into: &actions)
            return
        }
        guard emulationAllowed else {
            for leg in group.legs {
                try tell(.rejected(leg, reason: RiskCode.emulationRefused.rawValue), to: index, at: now, depth: depth, into: &actions)
            }
            return
        }
        let id = nextGroupID
        nextGroupID += 1
        let strategy = slots[index].id
        switch group.orderClass {
        case .bracket, .oto:
            guard let entry = try submit(group.legs[0], from: index, group: id, at: now, depth: depth, into: &actions) else { return }
            groups.append(EngineOrderGroup(id: id, orderClass: group.orderClass, strategyID: strategy, entry: entry, waitingExits: Array(group.legs.dropFirst())))
        case .oco:
            groups.append(EngineOrderGroup(id: id, orderClass: .oco, strategyID: strategy, entry: nil, waitingExits: []))
            try activate(group.legs, in: id, from: index, at: now, depth: depth, into: &actions)
        }
    }

    /// The reason every leg of a group with the wrong number of legs is rejected with.
    static var invalidGroupReason: String { "ORDER_GROUP_INVALID" }

    private func placeNatively(_ group: OrderGroup, from index: Int, at now: Timestamp, depth: Int, into actions: inout [EngineAction]) throws {
        let id = slots[index].id
        var approved: [ApprovedOrder] = []
        for leg in group.legs {
            let decision = check(leg, from: id, at: now)
            switch decision {
            case .approved(let order): approved.append(order)
            case .denied(let denial):
                try deny(denial, of: leg, from: index, at: now, depth: depth, into: &actions)
                return
            }
        }
        let legs = approved.map { (submitApproved($0, at: now), $0) }
        actions.append(.placeGroup(group.orderClass, legs: legs.map { EngineAction.GroupLeg(client: $0.0, order: $0.1) }))
    }

    /// Sends or holds `exits` as the working exits of group `id`, one cancelling the others.
    private func activate(_ exits: [OrderRequest], in id: Int, from index: Int, at now: Timestamp, depth: Int, into actions: inout [EngineAction]) throws {
        var legs: [EngineOrderGroup.Leg] = []
        for exit in exits {
            guard let leg = try submit(exit, from: index, group: id, at: now, depth: depth, into: &actions) else { continue }
            legs.append(leg)
        }
        guard let at = groups.firstIndex(where: { $0.id == id }) else { return }
        groups[at].exits = legs
        if groups[at].isDone { groups.remove(at: at) }
    }

    /// Learns the exchange ids of groups' legs from the acceptances in `changes`, and turns the
    /// acceptance of a replacement into `replaced`; called before the changes are applied.
    func noteAcceptances(in changes: inout OrderTrackerChanges) {
        guard !groups.isEmpty || !replacements.isEmpty else { return }
        for position in changes.updates.indices {
            guard case .accepted(let orderID, let request) = changes.updates[position].update,
                  let client = changes.updates[position].clientID else { continue }
            for at in groups.indices {
                if case .sent(client, nil)? = groups[at].entry { groups[at].entry = .sent(client, orderID) }
                groups[at].exits = groups[at].exits.map { $0 == .sent(client, nil) ? .sent(client, orderID) : $0 }
            }
            if let at = replacements.firstIndex(where: { $0.placed == client }) {
                let replacement = replacements.remove(at: at)
                changes.updates[position].update = .replaced(replacement.old, by: orderID, request: request)
            }
        }
    }

    /// A fill of a group's exit cancels the other exits.
    func groupFilled(_ fill: Fill, at now: Timestamp, into actions: inout [EngineAction]) throws {
        guard let at = groups.firstIndex(where: { group in group.exits.contains { EngineOrderGroup.matches($0, client: nil, id: fill.orderID) } })
        else { return }
        try cancelSiblings(of: .sent(orders.order(venue: venue, id: fill.orderID)?.clientID ?? ClientOrderID(rawValue: 0), fill.orderID), in: groups[at].id, at: now, into: &actions)
    }

    /// Order `orderID` (number `client`) closed with `filled` shares: a group's entry activates
    /// its exits for what it filled; a group's exit cancels the others; an order being replaced
    /// makes way for its replacement.
    func orderClosed(_ orderID: OrderID, client: ClientOrderID?, filled: Quantity, at now: Timestamp, into actions: inout [EngineAction]) throws {
        if let at = groups.firstIndex(where: { $0.entry.map { EngineOrderGroup.matches($0, client: client, id: orderID) } ?? false }) {
            groups[at].entry = nil
            let group = groups[at]
            let exits = group.waitingExits.map { exit -> OrderRequest in
                var exit = exit
                exit.qty = min(exit.qty, filled)
                return exit
            }
            groups[at].waitingExits = []
            if filled > .zero, let index = slotIndex(of: group.strategyID) {
                try activate(exits, in: group.id, from: index, at: now, depth: 0, into: &actions)
            } else {
                groups.remove(at: at)
            }
        } else if let at = groups.firstIndex(where: { $0.exits.contains { EngineOrderGroup.matches($0, client: client, id: orderID) } }) {
            try closed(.sent(client ?? ClientOrderID(rawValue: 0), orderID), in: groups[at].id, at: now, depth: 0, into: &actions)
        }
        if let at = replacements.firstIndex(where: { $0.old == orderID && $0.placed == nil }) {
            var replacement = replacements[at]
            replacement.request.qty = replacement.request.qty - filled
            guard replacement.request.qty > .zero, let index = slotIndex(of: replacement.strategyID),
                  let client = try submit(replacement.request, from: index, at: now, depth: 0, into: &actions),
                  case .sent(let placed, _) = client
            else {
                replacements.remove(at: at)
                return
            }
            replacements[at].placed = placed
        }
    }

    /// Leg `leg` of group `id` closed: the other exits are cancelled and the group is done.
    func closed(_ leg: EngineOrderGroup.Leg, in id: Int, at now: Timestamp, depth: Int, into actions: inout [EngineAction]) throws {
        try cancelSiblings(of: leg, in: id, at: now, into: &actions)
        groups.removeAll { $0.id == id && $0.entry == nil }
    }

    /// Cancels every exit of group `id` but `leg`.
    func cancelSiblings(of leg: EngineOrderGroup.Leg, in id: Int, at now: Timestamp, into actions: inout [EngineAction]) throws {
        guard let at = groups.firstIndex(where: { $0.id == id }) else { return }
        let siblings = groups[at].exits.filter { !Self.same($0, leg) }
        groups[at].exits.removeAll { !Self.same($0, leg) }
        for sibling in siblings {
            switch sibling {
            case .sent(let client, let orderID):
                if let order = orders.order(client) ?? orderID.flatMap({ orders.order(venue: venue, id: $0) }) { cancel(order, into: &actions) }
            case .held(let orderID):
                // Out of the group first, so that its close does not cancel the rest again.
                if let held = emulated.firstIndex(where: { $0.id == orderID }) { emulated[held].group = nil }
                try dropEmulated(orderID, at: now, depth: 0, into: &actions)
            }
        }
    }

    private static func same(_ a: EngineOrderGroup.Leg, _ b: EngineOrderGroup.Leg) -> Bool {
        switch (a, b) {
        case (.held(let x), .held(let y)): x == y
        case (.sent(let x, let xid), .sent(let y, let yid)): x == y || (xid != nil && xid == yid)
        default: false
        }
    }
}
