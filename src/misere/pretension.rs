//! Pretensions: a finite commutative monoid, a set of its elements called
//! losing, and an element for each heap, which together claim the outcome
//! of every position (lost iff the product of its heaps' elements is
//! losing).
//!
//! A candidate monoid is turned into a pretension in two steps. [`mark`]
//! gives each element the outcome of the least word of heaps that reaches
//! it, computed from the outcomes its options claim: words are visited in
//! lexicographic order with the largest heap most significant, an order in
//! which every option of a word comes before it. [`reduce`] then merges the
//! elements no sum of heaps tells apart (Moore's partition refinement, the
//! heaps acting as letters), which leaves a table of the reachable part.
//! Whether the claim holds for every position is [`super::search`]'s to
//! find out. Both take what they keep from a [`Memory`] before they
//! allocate it, and stop when it would pass the budget.

use std::collections::HashMap;
use std::sync::Arc;

use super::memory::{allocation, push, vector, Held, Memory, OverBudget};
use super::monoid::{Product, Table};
use super::quotient::MAX_ORDER;

/// Multiplication in a monoid the search walks: a table or a product.
pub trait Monoid {
    /// How many elements.
    fn order(&self) -> usize;
    /// `a · b`.
    fn product(&self, a: u32, b: u32) -> u32;
}

impl Monoid for Table {
    fn order(&self) -> usize {
        Table::order(self)
    }
    fn product(&self, a: u32, b: u32) -> u32 {
        Table::product(self, a, b)
    }
}

impl Monoid for Product {
    fn order(&self) -> usize {
        Product::order(self)
    }
    fn product(&self, a: u32, b: u32) -> u32 {
        Product::product(self, a, b)
    }
}

/// A heap as the search uses it: its element and the elements of the
/// positions its moves leave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Letter {
    /// The heap's size.
    pub heap: usize,
    /// Its element.
    pub image: u32,
    /// The elements of its options, sorted and without repeats.
    pub targets: Vec<u32>,
}

/// The letters of heaps `0..images.len()`, from each heap's element and
/// options: heaps without options (worth the identity) are left out, and
/// so is a heap that acts exactly as a smaller one (the same element and
/// the same targets), since it adds no position the smaller does not.
pub fn letters<M: Monoid>(monoid: &M, images: &[u32], options: &[Vec<Vec<usize>>]) -> Vec<Letter> {
    let mut seen: HashMap<(u32, Vec<u32>), ()> = HashMap::new();
    let mut letters = Vec::new();
    for (heap, heap_options) in options.iter().enumerate().take(images.len()) {
        if heap_options.is_empty() {
            continue;
        }
        let mut targets: Vec<u32> = heap_options
            .iter()
            .map(|parts| {
                parts
                    .iter()
                    .fold(0, |acc, &part| monoid.product(acc, images[part]))
            })
            .collect();
        targets.sort_unstable();
        targets.dedup();
        if seen.insert((images[heap], targets.clone()), ()).is_none() {
            letters.push(Letter {
                heap,
                image: images[heap],
                targets,
            });
        }
    }
    letters
}

/// A monoid given by its table, its losing elements, each heap's element,
/// and for each element the targets of the least word reaching it.
#[derive(Clone, Debug)]
pub struct Pretension {
    /// The monoid.
    pub table: Arc<Table>,
    /// Whether each element is claimed lost for the player to move.
    pub losing: Vec<bool>,
    /// Each heap's element.
    pub images: Vec<u32>,
    /// The targets of each element's least word.
    pub least_targets: Vec<Vec<u32>>,
}

impl Pretension {
    /// The bytes it takes, and those the quotient made of it would take
    /// beside it ([`super::Quotient`]'s table of 16-bit elements): what a
    /// solver holds while it keeps it.
    pub fn bytes(&self) -> usize {
        let n = self.losing.len();
        self.own_bytes() + vector::<u16>(n * n)
    }

    /// The bytes it takes itself: what a candidate holds while it is
    /// tried, before any quotient is made of it.
    pub fn own_bytes(&self) -> usize {
        let n = self.losing.len();
        let targets: usize = self
            .least_targets
            .iter()
            .map(|t| 24 + vector::<u32>(t.len()))
            .sum();
        vector::<u16>(n * n) + vector::<bool>(n) + vector::<u32>(self.images.len()) + targets
    }

    /// The pretension of no heap with options: the monoid of one element,
    /// the empty position, which the player to move wins.
    pub fn trivial() -> Pretension {
        Pretension {
            table: Arc::new(Table::trivial()),
            losing: vec![false],
            images: Vec::new(),
            least_targets: vec![Vec::new()],
        }
    }
}

/// The elements reachable from the identity, in the order of their least
/// words, with the outcome each least word claims, and the memory taken
/// for them.
pub struct Marking<'m> {
    /// Reachable elements, the identity first.
    pub order: Vec<u32>,
    /// Whether each element of the monoid is claimed lost (reachable ones).
    pub losing: Vec<bool>,
    /// The targets of each reachable element's least word, in `order`.
    pub least_targets: Vec<Vec<u32>>,
    held: Held<'m>,
}

/// Marks each element reachable with `letters` by the outcome its least
/// word claims; nothing when what it keeps would pass `memory`'s budget.
pub fn mark<'m, M: Monoid>(
    monoid: &M,
    letters: &[Letter],
    memory: &'m Memory,
) -> Result<Marking<'m>, OverBudget> {
    let mut held = Held::new(memory);
    held.grow(2 * vector::<bool>(monoid.order()))?;
    let mut marker = Marker {
        monoid,
        letters,
        marked: vec![false; monoid.order()],
        marking: Marking {
            order: Vec::new(),
            losing: vec![false; monoid.order()],
            least_targets: Vec::new(),
            held,
        },
        over: false,
    };
    marker.visit(letters.len(), 0, Vec::new());
    match marker.over {
        true => Err(OverBudget),
        false => Ok(marker.marking),
    }
}

struct Marker<'a, 'm, M> {
    monoid: &'a M,
    letters: &'a [Letter],
    marked: Vec<bool>,
    marking: Marking<'m>,
    /// Whether the budget stopped the marking.
    over: bool,
}

impl<M: Monoid> Marker<'_, '_, M> {
    /// Visits, in order, the words over `letters[..depth]` times the
    /// prefix of element `element` whose options reach `targets`.
    fn visit(&mut self, depth: usize, element: u32, targets: Vec<u32>) {
        let Some(letter) = depth.checked_sub(1).map(|d| &self.letters[d]) else {
            self.over = self.over || self.leaf(element, targets).is_err();
            return;
        };
        self.visit(depth - 1, element, targets.clone());
        let (mut element, mut targets) = (element, targets);
        while !self.over {
            let next = self.monoid.product(element, letter.image);
            // A smaller word reached it first, and with it everything the
            // rest of this word could add.
            if self.marked[next as usize] {
                break;
            }
            targets = step(self.monoid, element, &targets, letter);
            element = next;
            self.visit(depth - 1, element, targets.clone());
        }
    }

    fn leaf(&mut self, element: u32, targets: Vec<u32>) -> Result<(), OverBudget> {
        let marking = &mut self.marking;
        debug_assert!(targets.iter().all(|&t| self.marked[t as usize]));
        let lost = !targets.is_empty() && targets.iter().all(|&t| !marking.losing[t as usize]);
        marking.held.grow(allocation(4 * targets.capacity()))?;
        push(&mut marking.order, element, &mut marking.held)?;
        push(&mut marking.least_targets, targets, &mut marking.held)?;
        self.marked[element as usize] = true;
        marking.losing[element as usize] = lost;
        Ok(())
    }
}

/// The targets of a word times `letter`, from the word's element and
/// targets: a move in the word, beside the letter's heap, or a move of
/// the letter's heap, beside the word.
pub fn step<M: Monoid>(monoid: &M, element: u32, targets: &[u32], letter: &Letter) -> Vec<u32> {
    let mut next: Vec<u32> = targets
        .iter()
        .map(|&t| monoid.product(t, letter.image))
        .chain(letter.targets.iter().map(|&t| monoid.product(element, t)))
        .collect();
    next.sort_unstable();
    next.dedup();
    next
}

/// Why a candidate gave no pretension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unmade {
    /// Its tables would pass the memory budget.
    Memory,
    /// It has this many elements once reduced, more than a quotient may
    /// ([`MAX_ORDER`]).
    TooLarge(usize),
}

impl From<OverBudget> for Unmade {
    fn from(_: OverBudget) -> Unmade {
        Unmade::Memory
    }
}

/// The pretension that a marking of `monoid` makes once elements no sum of
/// heaps tells apart are merged; `images` are the heaps' elements in
/// `monoid`. Nothing when its tables would pass `memory`'s budget or it
/// has more elements than a quotient may; the pretension's own bytes
/// ([`Pretension::bytes`]) are the caller's to take once it has it.
pub fn reduce<M: Monoid>(
    monoid: &M,
    marking: &Marking,
    letters: &[Letter],
    images: &[u32],
    memory: &Memory,
) -> Result<Pretension, Unmade> {
    let order = &marking.order;
    let width = letters.len();
    let mut held = Held::new(memory);
    held.grow(
        vector::<u32>(monoid.order())
            + vector::<u32>(order.len().saturating_mul(width))
            + 2 * vector::<u32>(order.len()),
    )?;
    let mut position = vec![u32::MAX; monoid.order()];
    for (i, &x) in order.iter().enumerate() {
        position[x as usize] = i as u32;
    }
    let successors: Vec<u32> = order
        .iter()
        .flat_map(|&x| letters.iter().map(move |l| (x, l.image)))
        .map(|(x, a)| position[monoid.product(x, a) as usize])
        .collect();
    let mut class: Vec<u32> = order
        .iter()
        .map(|&x| u32::from(marking.losing[x as usize]))
        .collect();
    let mut classes = usize::MAX;
    // A class's signature in the map: its own allocation, the entry, and
    // the map's slack when it has just doubled.
    let signature_bytes = allocation(4 * (width + 1)) + 2 * (24 + 4 + 1) * 8 / 7;
    loop {
        let mut ids: HashMap<Vec<u32>, u32> = HashMap::new();
        let mut ids_held = Held::new(memory);
        let mut next = Vec::with_capacity(order.len());
        for i in 0..order.len() {
            let mut signature = Vec::with_capacity(width + 1);
            signature.push(class[i]);
            signature.extend(
                successors[i * width..(i + 1) * width]
                    .iter()
                    .map(|&s| class[s as usize]),
            );
            let fresh = ids.len() as u32;
            let id = *ids.entry(signature).or_insert(fresh);
            if id == fresh {
                ids_held.grow(signature_bytes)?;
            }
            next.push(id);
        }
        class = next;
        if ids.len() == classes {
            break;
        }
        classes = ids.len();
    }
    let mut representative = vec![u32::MAX; classes];
    for (i, &c) in class.iter().enumerate() {
        if representative[c as usize] == u32::MAX {
            representative[c as usize] = order[i];
        }
    }
    let class_of = |x: u32| class[position[x as usize] as usize];
    if classes > MAX_ORDER {
        return Err(Unmade::TooLarge(classes));
    }
    held.grow(vector::<u16>(classes * classes))?;
    let mut products = Vec::with_capacity(classes * classes);
    for &a in &representative {
        products.extend(
            representative
                .iter()
                .map(|&b| class_of(monoid.product(a, b)) as u16),
        );
    }
    let first_of: Vec<usize> = {
        let mut first = vec![usize::MAX; classes];
        for (i, &c) in class.iter().enumerate() {
            if first[c as usize] == usize::MAX {
                first[c as usize] = i;
            }
        }
        first
    };
    Ok(Pretension {
        table: Arc::new(Table::new(classes, products)),
        losing: representative
            .iter()
            .map(|&x| marking.losing[x as usize])
            .collect(),
        images: images.iter().map(|&x| class_of(x)).collect(),
        least_targets: first_of
            .iter()
            .map(|&i| {
                let mut targets: Vec<u32> = marking.least_targets[i]
                    .iter()
                    .map(|&t| class_of(t))
                    .collect();
                targets.sort_unstable();
                targets.dedup();
                targets
            })
            .collect(),
    })
}
