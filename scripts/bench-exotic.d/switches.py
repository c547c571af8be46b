# Adds switches read from the environment (GG_X_*) to a copy of the tree, each taking one of the speed engine's
# exotic parts out, for scripts/bench-exotic. Never applied to the tree itself: the switches are for measuring.
import re,sys,os
root=sys.argv[1]
def edit(path, old, new, count=1):
    p=os.path.join(root,path); s=open(p).read()
    assert old in s, (path, old[:60])
    s=s.replace(old,new,count); open(p,'w').write(s)
# switches file
open(os.path.join(root,'Sources/GiveawaysHTTP/Experiments.swift'),'w').write('''import Foundation
package enum Experiments {
    package static let noSlab = ProcessInfo.processInfo.environment["GG_X_NO_SLAB"] != nil
    package static let noJoinedGzip = ProcessInfo.processInfo.environment["GG_X_NO_JOINED_GZIP"] != nil
    package static let noMallopt = ProcessInfo.processInfo.environment["GG_X_NO_MALLOPT"] != nil
    package static let hummingbirdCookies = ProcessInfo.processInfo.environment["GG_X_HB_COOKIES"] != nil
}
''')
# cookies
edit('Sources/GiveawaysHTTP/RequestCookie.swift','    package func cookieValue(_ name: String) -> String? {\n','    package func cookieValue(_ name: String) -> String? {\n        if Experiments.hummingbirdCookies { return cookies[name]?.value }\n        return')
# mallopt
# (mallopt was taken out of the tree after this measurement: GG_X_NO_MALLOPT only applies to trees before it.)
if os.path.exists(os.path.join(root,'Sources/GiveawaysWeb/Site/HTTP/ProcessMemory.swift')):
    edit('Sources/GiveawaysWeb/Site/HTTP/ProcessMemory.swift','import CAllocator\n','import CAllocator\nimport GiveawaysHTTP\n')
    edit('Sources/GiveawaysWeb/Site/HTTP/ProcessMemory.swift','        let operatorsOwn =','        if Experiments.noMallopt { return false }\n        let operatorsOwn =')
# Joined gzip and the card slab were taken out of the tree after this measurement too: their switches apply only to
# trees that still have them (REV=475c64d).
if not os.path.exists(os.path.join(root,'Sources/GiveawaysWeb/ReadModel/JoinedGzip.swift')):
    print("patched (cookies only: this tree has no slab or joined gzip)")
    sys.exit(0)
# joined gzip
edit('Sources/GiveawaysWeb/ReadModel/JoinedGzip.swift','        if page.compression == .whole {','        if page.compression == .whole || Experiments.noJoinedGzip {')
p='Sources/GiveawaysWeb/ReadModel/JoinedGzip.swift'
s=open(os.path.join(root,p)).read()
if 'import GiveawaysHTTP' not in s:
    s=s.replace('import Foundation\n','import Foundation\nimport GiveawaysHTTP\n',1); open(os.path.join(root,p),'w').write(s)
# slab
p='Sources/GiveawaysWeb/ReadModel/KeptCards.swift'
edit(p,'import Foundation\n','import Foundation\nimport GiveawaysHTTP\n')
edit(p,'''        var whole: [Key: Card] = [:]
        var bytes = 0
''','''        var whole: [Key: Card] = [:]
        var strings: [Key: PagePiece] = [:]
        var packedStrings: [UInt64: PagePiece] = [:]
        var bytes = 0

        func piece(_ key: Key) -> PagePiece? {
            if Experiments.noSlab {
                if let packed = key.packed { return packedStrings[packed] }
                return strings[key]
            }
            return card(key)?.piece
        }
''')
edit(p,'''        mutating func keep(_ html: HTML, token: UInt64, for key: Key) {
''','''        mutating func keep(_ html: HTML, token: UInt64, for key: Key) {
            if Experiments.noSlab {
                if let packed = key.packed {
                    packedStrings[packed] = PagePiece(kept: html, token: token)
                } else {
                    strings[key] = PagePiece(kept: html, token: token)
                }
                return
            }
''')
edit(p,'''            whole.removeAll(keepingCapacity: true)
            slab = CardSlab()''','''            whole.removeAll(keepingCapacity: true)
            strings.removeAll(keepingCapacity: true)
            packedStrings.removeAll(keepingCapacity: true)
            slab = CardSlab()''')
edit(p,'''            if current { page.hold(kept.slab) }''','''            if current, !Experiments.noSlab { page.hold(kept.slab) }''')
edit(p,'''                if current, let card = kept.card(key(index)) {
                    page.appendCard(card.piece)''','''                if current, let card = kept.piece(key(index)) {
                    page.appendCard(card)''')
edit(p,'''            for card in made where kept.card(card.key) == nil {''','''            for card in made where kept.piece(card.key) == nil {''')
print("patched")
