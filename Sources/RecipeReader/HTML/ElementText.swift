import PageReader

/// Text of an element with some of its descendants left out.
enum ElementText {
    static func text(of index: Int, in tree: PageTree, skipping: (PageTree, Int) -> Bool) -> String {
        var pieces: [String] = []
        var position = index + 1
        let end = tree.nodes[index].end
        var total = 0
        while position < end, total < PageTree.Limits.text {
            let node = tree.nodes[position]
            switch node.kind {
            case .element:
                if skipping(tree, position) {
                    position = node.end
                    continue
                }
                if node.name == "br" { pieces.append(" ") }
            case .text:
                if node.breakBefore { pieces.append(" ") }
                pieces.append(tree.rawString(node.range))
                total += node.range.count
            case .raw:
                break
            }
            position += 1
        }
        return pieces.joined()
    }
}
