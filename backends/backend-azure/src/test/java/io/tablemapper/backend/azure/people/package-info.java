/** An entity hierarchy for the end-to-end tests of the mapper on Azurite. */
package io.tablemapper.backend.azure.people;
