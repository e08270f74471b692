use grundy::solve::heap::HeapGame;
use grundy::solve::quotient::{MisereOracle, QuotientOracle};
fn main() {
    let g = HeapGame::parse("nim").unwrap();
    println!("{} {:?} {:?}", g.code(), g.digits(), g.tail());
    let mut o = QuotientOracle::on_the_fly(g);
    for h in [1000u64, 5, 999, 200] {
        println!("{h}: {:?}", o.tame_kind(&h));
    }
}
