/** The application: writes and reads books on each store, and says which modules it ran in. */
package io.tablemapper.samples.modular;
