import type { ComponentType } from 'react';
import type { Params } from 'react-router';

/**
 * What the screen host hands every screen. Its own module, so screens import it without importing
 * the route table, and the table (which lazily imports the screens) never imports them back.
 */
export type TScreenProps = { params: Readonly<Params<string>>; title: string };
export type TScreenModule = { default: ComponentType<TScreenProps> };
