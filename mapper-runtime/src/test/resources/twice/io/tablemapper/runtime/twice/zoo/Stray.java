package io.tablemapper.runtime.twice.zoo;

/** A subclass of the abstract root that is no entity: it has no type of its own to be stored under. */
public class Stray extends Animal {}
