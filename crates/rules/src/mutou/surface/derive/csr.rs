//! Rows of items in one flat vector, each row a span of it: cheap to clone and to read, and
//! one row can be replaced in place (`set_row`), so caches that follow an edit change only
//! the rows it touched.

/// Rows of items in one flat vector. Row `i` is `items[span[i].0..][..span[i].1]`; a row
/// replaced by a longer one moves to the end of `items`, and the space rows no longer use
/// (`waste`) is given back by compacting once it is half of `items`. Equality compares the
/// rows, not the layout.
#[derive(Clone, Debug)]
pub(in crate::mutou::surface) struct Csr<T> {
    span: Vec<(u32, u32)>,
    items: Vec<T>,
    waste: usize,
}

impl<T> Default for Csr<T> {
    fn default() -> Self {
        Csr {
            span: Vec::new(),
            items: Vec::new(),
            waste: 0,
        }
    }
}

impl<T: Copy + PartialEq> PartialEq for Csr<T> {
    fn eq(&self, other: &Self) -> bool {
        self.rows() == other.rows() && (0..self.rows()).all(|i| self.row(i) == other.row(i))
    }
}

impl<T: Copy> Csr<T> {
    /// No rows yet, with room for `rows` rows of `items` items in all.
    pub fn with_capacity(rows: usize, items: usize) -> Self {
        Csr {
            span: Vec::with_capacity(rows),
            items: Vec::with_capacity(items),
            waste: 0,
        }
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.span.len()
    }

    /// The number of items in all rows.
    pub fn len(&self) -> usize {
        self.items.len() - self.waste
    }

    /// Row `i`; empty past the last row.
    pub fn row(&self, i: usize) -> &[T] {
        match self.span.get(i) {
            Some(&(start, len)) => &self.items[start as usize..(start + len) as usize],
            None => &[],
        }
    }

    /// Appends the next row.
    pub fn push_row(&mut self, row: &[T]) {
        self.span.push((self.items.len() as u32, row.len() as u32));
        self.items.extend_from_slice(row);
    }

    /// Appends the next row from an iterator.
    pub fn push_row_from(&mut self, row: impl Iterator<Item = T>) {
        let start = self.items.len();
        self.items.extend(row);
        (self.span).push((start as u32, (self.items.len() - start) as u32));
    }

    /// Appends empty rows up to `rows` rows.
    pub fn grow_to(&mut self, rows: usize) {
        let end = self.items.len() as u32;
        self.span.resize(rows.max(self.span.len()), (end, 0));
    }

    /// Replaces row `i` (an existing row) by `row`: in place if it fits, else at the end.
    pub fn set_row(&mut self, i: usize, row: &[T]) {
        let (start, len) = self.span[i];
        let (start, len, new) = (start as usize, len as usize, row.len());
        if new <= len {
            self.items[start..start + new].copy_from_slice(row);
            self.span[i].1 = new as u32;
            self.waste += len - new;
        } else {
            self.span[i] = (self.items.len() as u32, new as u32);
            self.items.extend_from_slice(row);
            self.waste += len;
        }
        if self.waste > 64 && 2 * self.waste > self.items.len() {
            self.compact();
        }
    }

    /// Takes `item` out of ascending row `i`, if there.
    pub fn remove_sorted(&mut self, i: usize, item: T)
    where
        T: Ord,
    {
        let (start, len) = (self.span[i].0 as usize, self.span[i].1 as usize);
        let row = &mut self.items[start..start + len];
        if let Ok(at) = row.binary_search(&item) {
            row.copy_within(at + 1.., at);
            self.span[i].1 -= 1;
            self.waste += 1;
        }
    }

    /// Puts `item` into ascending row `i` where it belongs, unless there (the row moves to
    /// the end).
    pub fn insert_sorted(&mut self, i: usize, item: T)
    where
        T: Ord,
    {
        let (start, len) = (self.span[i].0 as usize, self.span[i].1 as usize);
        let Err(at) = self.items[start..start + len].binary_search(&item) else {
            return;
        };
        let end = self.items.len();
        self.items.extend_from_within(start..start + at);
        self.items.push(item);
        self.items.extend_from_within(start + at..start + len);
        self.span[i] = (end as u32, len as u32 + 1);
        self.waste += len;
        if self.waste > 64 && 2 * self.waste > self.items.len() {
            self.compact();
        }
    }

    /// Lays the rows out again one after another, without waste.
    fn compact(&mut self) {
        let mut items = Vec::with_capacity(self.len() + self.len() / 4);
        for span in &mut self.span {
            let (start, len) = (span.0 as usize, span.1 as usize);
            span.0 = items.len() as u32;
            items.extend_from_slice(&self.items[start..start + len]);
        }
        self.items = items;
        self.waste = 0;
    }

    /// Rows `0..rows` from (row, item) pairs listed in ascending item order: a counting sort
    /// by row keeps each row ascending without sorting; repeats in a row are dropped.
    pub fn from_ordered_pairs(rows: usize, pairs: &[(usize, T)]) -> Self
    where
        T: PartialEq,
    {
        let mut start = vec![0u32; rows + 1];
        for &(r, _) in pairs {
            start[r + 1] += 1;
        }
        for r in 0..rows {
            start[r + 1] += start[r];
        }
        let mut csr = Csr::with_capacity(rows, pairs.len());
        let Some(&(_, fill)) = pairs.first() else {
            csr.grow_to(rows);
            return csr;
        };
        csr.items = vec![fill; pairs.len()];
        // next[r] is where row r's next item goes.
        let mut next = start[..rows].to_vec();
        for &(r, item) in pairs {
            csr.items[next[r] as usize] = item;
            next[r] += 1;
        }
        csr.span = (0..rows)
            .map(|r| (start[r], start[r + 1] - start[r]))
            .collect();
        csr.drop_repeats();
        csr
    }

    /// Drops an item equal to the one before it in its row (only an invalid map repeats an
    /// item in a row: a corner twice, a loop edge).
    fn drop_repeats(&mut self)
    where
        T: PartialEq,
    {
        for i in 0..self.span.len() {
            let (start, len) = (self.span[i].0 as usize, self.span[i].1 as usize);
            let row = &mut self.items[start..start + len];
            let mut kept = usize::from(len > 0);
            for k in 1..len {
                if row[k] != row[kept - 1] {
                    row[kept] = row[k];
                    kept += 1;
                }
            }
            self.waste += len - kept;
            self.span[i].1 = kept as u32;
        }
    }
}
